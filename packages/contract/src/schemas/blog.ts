import { z } from "zod";
import {
  BLOG_BODY_MAX_LENGTH,
  BLOG_EXCERPT_MAX_LENGTH,
  BLOG_IMAGE_URL_MAX_LENGTH,
  BLOG_MAX_TAGS,
  BLOG_SLUG_MAX_LENGTH,
  BLOG_TITLE_MAX_LENGTH,
  BLOG_TLDR_MAX_LENGTH,
} from "../content-limits";
import { CONTENT_VALIDATION } from "../content-messages";
import { VALIDATION } from "../messages";
import { KEBAB_CASE } from "../slug";
import { dateField, idField, pageFields, sortOrder } from "./content-common";
import { taxonomyItem } from "./taxonomy";

/** True when an HTML fragment has visible text (an empty editor still sends `<p></p>`). */
export function htmlHasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;/g, " ")
      .trim().length > 0
  );
}

const imageUrlField = z
  .string()
  .trim()
  .max(BLOG_IMAGE_URL_MAX_LENGTH, CONTENT_VALIDATION.imageUrlInvalid)
  .refine(
    (v) => v === "" || v.startsWith("/files/") || /^https?:\/\/[^\s]+$/i.test(v),
    CONTENT_VALIDATION.imageUrlInvalid,
  );

/**
 * The blog creation payload of SPEC §3. `authorId` and `slugLocked` are form state the client
 * may send along; the server ignores both (the author is always the session user).
 */
export const createBlogSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, CONTENT_VALIDATION.titleRequired)
    .max(BLOG_TITLE_MAX_LENGTH, CONTENT_VALIDATION.titleTooLong),
  slug: z
    .string()
    .trim()
    .min(1, CONTENT_VALIDATION.slugRequired)
    .max(BLOG_SLUG_MAX_LENGTH, CONTENT_VALIDATION.slugTooLong)
    .regex(KEBAB_CASE, VALIDATION.slugKebab),
  body: z
    .string()
    .max(BLOG_BODY_MAX_LENGTH, CONTENT_VALIDATION.bodyTooLong)
    .refine(htmlHasText, CONTENT_VALIDATION.bodyRequired),
  categoryId: z.string().min(1, CONTENT_VALIDATION.categoryRequired).pipe(idField),
  tldr: z.string().trim().max(BLOG_TLDR_MAX_LENGTH, CONTENT_VALIDATION.tldrTooLong),
  excerpt: z.string().trim().max(BLOG_EXCERPT_MAX_LENGTH, CONTENT_VALIDATION.excerptTooLong),
  imageUrl: imageUrlField,
  tags: z
    .array(z.object({ id: idField }))
    .min(1, VALIDATION.tagRequired)
    .max(BLOG_MAX_TAGS, CONTENT_VALIDATION.tooManyTags),
  authorId: z.string().optional(),
  slugLocked: z.boolean().optional(),
});
export type CreateBlogInput = z.infer<typeof createBlogSchema>;
export const createBlogOutput = z.object({ id: idField, slug: z.string() });

export const blogSortField = z.enum(["updatedAt", "createdAt", "title"]);
export const listBlogsInput = z.object({
  ...pageFields,
  sort: z.object({ field: blogSortField, order: sortOrder }),
});
export type ListBlogsInput = z.infer<typeof listBlogsInput>;

export const blogSummary = z.object({
  id: idField,
  title: z.string(),
  slug: z.string(),
  /** The excerpt, else the TLDR, else the start of the body as plain text. */
  summary: z.string(),
  imageUrl: z.string().nullable(),
  category: z.object({ name: z.string() }),
  createdAt: dateField,
  updatedAt: dateField,
});
export type BlogSummary = z.infer<typeof blogSummary>;
export const listBlogsOutput = z.object({ blogs: z.array(blogSummary), hasMore: z.boolean() });

export const getBlogInput = z.object({ slug: z.string().min(1).max(BLOG_SLUG_MAX_LENGTH) });
export const blogOutput = blogSummary.extend({
  body: z.string(),
  tldr: z.string(),
  excerpt: z.string(),
  author: z.object({ name: z.string() }),
  category: taxonomyItem,
  tags: z.array(taxonomyItem),
});
export type Blog = z.infer<typeof blogOutput>;

export const blogIdInput = z.object({ blogId: idField });

/**
 * Multipart upload of the blog image. Size and type are checked by the server (413 and 415
 * with CONTENT_ERROR texts); the type from the bytes, whatever the browser claims.
 */
export const uploadBlogImageInput = z.object({ image: z.file() });
export const uploadBlogImageOutput = z.object({ url: z.string() });
