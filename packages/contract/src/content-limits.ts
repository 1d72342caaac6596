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
