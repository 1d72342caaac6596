/**
 * Limits of the blog, comments and feedback. SPEC §5 gives only the lower bounds; the upper
 * bounds are ours, so that no single post, comment or message can fill the database.
 */
export const TAXONOMY_NAME_MAX_LENGTH = 40;
export const BLOG_TITLE_MAX_LENGTH = 150;
export const BLOG_SLUG_MAX_LENGTH = 120;
/** Characters of sanitized HTML: roughly 25,000 words of text. */
export const BLOG_BODY_MAX_LENGTH = 200_000;
export const BLOG_TLDR_MAX_LENGTH = 500;
export const BLOG_EXCERPT_MAX_LENGTH = 1_000;
export const BLOG_IMAGE_URL_MAX_LENGTH = 2_048;
export const BLOG_MAX_TAGS = 10;
export const COMMENT_MAX_LENGTH = 2_000;
export const FEEDBACK_MAX_LENGTH = 2_000;
export const PENDING_COMMENTS_PAGE_SIZE = 50;
/** Largest page any list procedure returns, whatever the caller asks for. */
export const MAX_PAGE_SIZE = 50;

export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Image types the server accepts for blog images, each with the extensions it may carry. */
export const BLOG_IMAGE_TYPES = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/avif": ["avif"],
} as const satisfies Record<string, readonly string[]>;
export type BlogImageType = keyof typeof BLOG_IMAGE_TYPES;
/** The file picker's `accept` list (SVG is left out on purpose: it can carry script). */
export const BLOG_IMAGE_ACCEPT = Object.keys(BLOG_IMAGE_TYPES).join(",");

/**
 * The widths an uploaded blog image is also stored at, as WebP, never wider than the original
 * (decision 0030): pages offer them in `srcset` so a phone loads a card-sized image, not the
 * upload. The names follow from the original's: `blogs/1.jpg` has `blogs/1.jpg.800w.webp`.
 */
export const BLOG_IMAGE_WIDTHS = [480, 800, 1200, 1600] as const;

/** The key (or URL) of a blog image's WebP at `width`, beside the original's. */
export function blogImageVariantOf(original: string, width: number): string {
  return `${original}.${width}w.webp`;
}

const BLOG_IMAGE_VARIANT = /^(blogs\/\d+\.[a-z0-9]+)\.(\d+)w\.webp$/;

/** The original's key behind a variant's (`blogs/1.jpg.800w.webp` -> `blogs/1.jpg`), or null. */
export function blogImageOriginalOf(key: string): string | null {
  const match = BLOG_IMAGE_VARIANT.exec(key);
  const width = Number(match?.[2]);
  return match?.[1] && (BLOG_IMAGE_WIDTHS as readonly number[]).includes(width) ? match[1] : null;
}

const UPLOADED_BLOG_IMAGE = /^\/files\/blogs\/\d+\.[a-z0-9]+$/;

/**
 * The `srcset` of a blog image uploaded here (its WebP widths), or undefined for any other
 * address (an image linked from elsewhere has no variants).
 */
export function blogImageSrcSet(url: string): string | undefined {
  if (!UPLOADED_BLOG_IMAGE.test(url)) return undefined;
  return BLOG_IMAGE_WIDTHS.map((width) => `${blogImageVariantOf(url, width)} ${width}w`).join(", ");
}
