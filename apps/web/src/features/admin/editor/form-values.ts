import { z } from "zod";
import { createBlogSchema } from "@chatsphere/contract";

/**
 * The new-blog form: the payload of SPEC §3, validated by the server's own schema, with the
 * slug lock (on by default) as required form state.
 */
export const blogFormSchema = createBlogSchema.extend({ slugLocked: z.boolean() });
export type BlogFormValues = z.infer<typeof blogFormSchema>;

export const EMPTY_BLOG: BlogFormValues = {
  title: "",
  slug: "",
  body: "",
  categoryId: "",
  tldr: "",
  excerpt: "",
  imageUrl: "",
  tags: [],
  slugLocked: true,
};
