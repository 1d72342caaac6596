import {
  BLOG_IMAGE_CACHE_SECONDS,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_TYPES,
  CONTENT_ERROR,
} from "@chatsphere/contract";
import { sniffImageType } from "../../storage/sniff";
import type { UploadRoute } from "../../uploads/upload-route";
import { adminOnly } from "../../uploads/upload-tiers";
import { blogImageVariants } from "./image-variants";

/** Blog images and their variants: their keys are never reused, so they never change. */
export const BLOG_IMAGE_CACHE_CONTROL = `public, max-age=${BLOG_IMAGE_CACHE_SECONDS}, immutable`;

/**
 * `admin.uploadBlogImage` (decision 0005): an admin's JPEG, PNG, GIF, WebP or AVIF of at most
 * 5 MB, typed by its bytes, with the name's extension kept when it agrees, stored at
 * `blogs/{timestamp}.{ext}` (SPEC §7); a taken key moves on to the next millisecond. Beside it
 * go its WebP variants at the widths pages show it (`blogs/{timestamp}.{ext}.{width}w.webp`,
 * image-variants.ts), all cached for a year.
 */
export const blogImageUpload: UploadRoute = {
  procedure: "admin.uploadBlogImage",
  field: "image",
  tier: adminOnly,
  maxBytes: BLOG_IMAGE_MAX_BYTES,
  types: BLOG_IMAGE_TYPES,
  sniff: sniffImageType,
  async prepare(file) {
    const renditions = await blogImageVariants(file.open());
    return { bytes: null, meta: {}, preview: null, renditions };
  },
  key: (file, attempt) => `blogs/${file.receivedAt + attempt}.${file.extension}`,
  cacheControl: BLOG_IMAGE_CACHE_CONTROL,
  messages: {
    tooLarge: CONTENT_ERROR.imageTooLarge,
    empty: CONTENT_ERROR.imageEmpty,
    typeUnsupported: CONTENT_ERROR.imageTypeUnsupported,
    extensionMismatch: CONTENT_ERROR.imageExtensionMismatch,
  },
  output: (stored) => ({ url: stored.url }),
};
