import { z } from "zod";
import { REPORT_REASONS, SAFETY_LIMITS } from "../safety-messages";
import { chatIdField, chatUserSchema, roomKindSchema } from "./chat";
import { cursorPageFields, nextCursorField } from "./page";

/* Trust and safety (issue 14): reports, blocks, settings, the moderation queue, the audit log. */

export const reportReasonSchema = z.enum(REPORT_REASONS);

/**
 * safety.report: someone in a conversation the caller is part of (a stranger chat, a room, a
 * direct chat), optionally pointing at one message of it.
 */
export const reportInput = z.object({
  userId: chatIdField,
  roomId: chatIdField,
  messageId: chatIdField.optional(),
  reason: reportReasonSchema,
  note: z.string().trim().max(SAFETY_LIMITS.noteMaxLength).optional(),
  /** Block them in the same step (the report dialog's checkbox). */
  block: z.boolean().optional(),
});
export type ReportInput = z.infer<typeof reportInput>;
export const reportOutput = z.object({ message: z.string(), blocked: z.boolean() });

export const blockInput = z.object({ userId: chatIdField });
export const blockOutput = z.object({ message: z.string() });

export const blockedUserSchema = chatUserSchema.extend({ blockedAt: z.string() });
export const listBlockedInput = z.object(cursorPageFields).optional();
export const listBlockedOutput = z.object({
  users: z.array(blockedUserSchema),
  nextCursor: nextCursorField,
});
/** Everyone the caller blocked, ids only: the chat hides their messages in rooms. */
export const blockedIdsOutput = z.object({ userIds: z.array(z.string()) });

export const safetySettingsSchema = z.object({ strangerLinksOnTap: z.boolean() });
export type SafetySettings = z.infer<typeof safetySettingsSchema>;

/** A message of a report's snapshot, as it was when the report was made. */
export const snapshotMessageSchema = z.object({
  id: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  content: z.string(),
  /** Set when the content was a file (its kind: image, video, audio). */
  mediaKind: z.string().nullable(),
  createdAt: z.string(),
  /** Still in the room now (an admin may delete it). */
  exists: z.boolean(),
});
export type SnapshotMessage = z.infer<typeof snapshotMessageSchema>;

export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;

export const adminReportSchema = z.object({
  id: z.string(),
  reason: reportReasonSchema,
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  roomId: z.string(),
  roomKind: roomKindSchema,
  messageId: z.string().nullable(),
  /** Null when the reporter's account was deleted since. */
  reporter: chatUserSchema.nullable(),
  reported: chatUserSchema.extend({ banned: z.boolean(), pausedFromStrangers: z.boolean() }),
  /** Distinct people with an open report about the same user. */
  distinctReporters: z.number().int().min(1),
  snapshot: z.array(snapshotMessageSchema),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const listReportsInput = z.object(cursorPageFields).optional();
export const listReportsOutput = z.object({
  reports: z.array(adminReportSchema),
  nextCursor: nextCursorField,
});

export const REPORT_DECISIONS = ["dismiss", "ban"] as const;
export const decideReportInput = z.object({
  reportId: chatIdField,
  decision: z.enum(REPORT_DECISIONS),
});
export const decideReportOutput = z.object({ message: z.string() });
export const deleteReportedMessageInput = z.object({
  reportId: chatIdField,
  messageId: chatIdField,
});

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Null when the admin's account was deleted since; their name then is `adminName`. */
  adminId: z.string().nullable(),
  adminName: z.string(),
  action: z.string(),
  /** What it was done to, in words at the time (a user's name, a post's title). */
  target: z.string(),
  targetId: z.string().nullable(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const listAuditInput = z.object(cursorPageFields).optional();
export const listAuditOutput = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: nextCursorField,
});
