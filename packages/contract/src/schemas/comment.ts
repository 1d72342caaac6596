import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "../content-limits";
import { CONTENT_VALIDATION } from "../content-messages";
import { VALIDATION } from "../messages";
import { dateField, idField, pageFields, sortOrder } from "./content-common";
import { cursorPageInput, nextCursorField } from "./page";

export const commentSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, VALIDATION.commentEmpty)
    .max(COMMENT_MAX_LENGTH, CONTENT_VALIDATION.commentTooLong),
});
export type CommentInput = z.infer<typeof commentSchema>;
export const createCommentInput = commentSchema.extend({ blogId: idField });
export const createCommentOutput = z.object({ id: idField, approved: z.boolean() });

export const listCommentsInput = z.object({
  blogId: idField,
  ...pageFields,
  sort: z.object({ field: z.literal("createdAt"), order: sortOrder }),
});

const author = z.object({ name: z.string(), image: z.string().nullable() });
export const commentItem = z.object({
  id: idField,
  text: z.string(),
  createdAt: dateField,
  author,
});
export type CommentItem = z.infer<typeof commentItem>;
export const listCommentsOutput = z.object({
  comments: z.array(commentItem),
  hasMore: z.boolean(),
});

export const pendingCommentItem = commentItem.extend({
  blog: z.object({ title: z.string(), slug: z.string() }),
});
export type PendingCommentItem = z.infer<typeof pendingCommentItem>;
/** The moderation queue a page at a time, oldest first (PENDING_COMMENTS_PAGE_SIZE by default). */
export const listPendingInput = cursorPageInput;
export const listPendingOutput = z.object({
  comments: z.array(pendingCommentItem),
  hasMore: z.boolean(),
  nextCursor: nextCursorField,
});
export const approveCommentOutput = z.object({ id: idField, approvedAt: dateField });
