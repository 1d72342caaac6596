import { z } from "zod";
import { FEEDBACK_MAX_LENGTH } from "../content-limits";
import { CONTENT_VALIDATION } from "../content-messages";
import { VALIDATION } from "../messages";
import { dateField, idField, pageFields } from "./content-common";

export const feedbackSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, VALIDATION.feedbackEmpty)
    .max(FEEDBACK_MAX_LENGTH, CONTENT_VALIDATION.feedbackTooLong),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;
export const feedbackItem = z.object({ id: idField, message: z.string(), createdAt: dateField });
export type FeedbackItem = z.infer<typeof feedbackItem>;
export const feedbackPageInput = z.object(pageFields);
export const listOwnFeedbacksOutput = z.object({
  feedbacks: z.array(feedbackItem),
  hasMore: z.boolean(),
});
export const adminFeedbackItem = feedbackItem.extend({
  user: z.object({ name: z.string(), email: z.string() }),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItem>;
export const listFeedbacksOutput = z.object({
  feedbacks: z.array(adminFeedbackItem),
  hasMore: z.boolean(),
});
