import {
  BLOG_IMAGE_CACHE_SECONDS,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_TYPES,
  CONTENT_ERROR,
} from "@chatsphere/contract";
import { sniffImageType } from "../../storage/sniff";
import type { UploadRoute } from "../../uploads/upload-route";
import { adminOnly } from "../../uploads/upload-tiers";

/**
 * `admin.uploadBlogImage` (decision 0005): an admin's JPEG, PNG, GIF, WebP or AVIF of at most
 * 5 MB, typed by its bytes, with the name's extension kept when it agrees, stored at
 * `blogs/{timestamp}.{ext}` (SPEC §7); a taken key moves on to the next millisecond.
 */
export const blogImageUpload: UploadRoute = {
  procedure: "admin.uploadBlogImage",
  field: "image",
  tier: adminOnly,
  maxBytes: BLOG_IMAGE_MAX_BYTES,
  types: BLOG_IMAGE_TYPES,
  sniff: sniffImageType,
  key: (file, attempt) => `blogs/${file.receivedAt + attempt}.${file.extension}`,
  cacheControl: `public, max-age=${BLOG_IMAGE_CACHE_SECONDS}`,
  messages: {
    tooLarge: CONTENT_ERROR.imageTooLarge,
    empty: CONTENT_ERROR.imageEmpty,
    typeUnsupported: CONTENT_ERROR.imageTypeUnsupported,
    extensionMismatch: CONTENT_ERROR.imageExtensionMismatch,
  },
  output: (stored) => ({ url: stored.url }),
};
