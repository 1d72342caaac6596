import {
  BLOG_IMAGE_CACHE_SECONDS,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_TYPES,
  CONTENT_ERROR,
} from "@chatsphere/contract";
import { AppError } from "../../errors";
import { sniffImageType } from "../../storage/sniff";
import type { FileStorage } from "../../storage/storage";

/** How many later timestamps to try when uploads collide in one millisecond. */
const KEY_ATTEMPTS = 50;

function extensionOf(fileName: string): string | null {
  const match = /\.([a-z0-9]{1,10})$/i.exec(fileName);
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * Stores a blog image at `blogs/{timestamp}.{ext}` (SPEC §7) and returns its public URL.
 * The type comes from the bytes, not from the name or the browser's claim; the name's
 * extension is kept (SPEC §5) but must agree with what the bytes are. Keys are never reused.
 */
export async function storeBlogImage(storage: FileStorage, file: File, now = Date.now()) {
  if (file.size === 0) throw new AppError("BAD_REQUEST", CONTENT_ERROR.imageEmpty);
  if (file.size > BLOG_IMAGE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", CONTENT_ERROR.imageTooLarge);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new AppError("UNSUPPORTED_MEDIA_TYPE", CONTENT_ERROR.imageTypeUnsupported);
  const allowed: readonly string[] = BLOG_IMAGE_TYPES[type];
  const named = extensionOf(file.name);
  if (named && !allowed.includes(named)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", CONTENT_ERROR.imageExtensionMismatch);
  }
  const extension = named ?? allowed[0] ?? "img";
  const options = {
    contentType: type,
    cacheControl: `public, max-age=${BLOG_IMAGE_CACHE_SECONDS}`,
  };
  for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
    const key = `blogs/${now + attempt}.${extension}`;
    if (await storage.create(key, bytes, options)) return { url: storage.publicUrl(key) };
  }
  throw new Error("No free storage key for the blog image");
}
