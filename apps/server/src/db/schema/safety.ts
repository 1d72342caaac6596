import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { SnapshotMessage } from "@chatsphere/contract";
import { user } from "./auth";

/*
 * Trust and safety (issue 14): who blocked whom, reports with the conversation as it was, the
 * pauses from stranger chat, what each user chose about strangers' links, and the audit log.
 */

/** `blocker` blocked `blocked`: never matched, no follow, no direct message, hidden in rooms. */
export const userBlock = pgTable(
  "user_block",
  {
    blockerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // The other direction: "is anyone blocking me", for matching and follows.
    index("user_block_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

/** A snapshot message as stored (SnapshotMessage without `exists`, which is read live). */
export type StoredSnapshotMessage = Omit<SnapshotMessage, "exists">;

export const report = pgTable(
  "report",
  {
    id: text().primaryKey(),
    /** Null once the reporter's account is deleted: the report stays as evidence. */
    reporterId: text().references(() => user.id, { onDelete: "set null" }),
    reportedUserId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Not a foreign key: the room may close or go; the snapshot keeps what was said. */
    roomId: text().notNull(),
    roomKind: text().notNull(),
    messageId: text(),
    reason: text().notNull(),
    note: text().notNull().default(""),
    snapshot: jsonb().$type<StoredSnapshotMessage[]>().notNull(),
    /** open, dismissed or actioned. */
    status: text().notNull().default("open"),
    decidedBy: text().references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per person, per reported user, per conversation.
    unique("report_once_per_conversation").on(t.reporterId, t.reportedUserId, t.roomId),
    // The queue: open reports, oldest first.
    index("report_open_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    // Distinct reporters of a user in the last day; a removed user's reports.
    index("report_reported_idx").on(t.reportedUserId, t.createdAt),
    // A reporter's reports in the last hour (the rate limit).
    index("report_reporter_idx").on(t.reporterId, t.createdAt),
  ],
);

/**
 * A user kept out of stranger chat: `until` a time (the bot defence), or until an admin
 * decides (`until` null: reported by several people).
 */
export const strangerPause = pgTable("stranger_pause", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  until: timestamp({ withTimezone: true }),
  /** reports, repeated-text or fast-skips. */
  reason: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What a user chose about strangers (a row only once they changed a default). */
export const safetySettings = pgTable("safety_settings", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  strangerLinksOnTap: boolean().notNull().default(false),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: text().primaryKey(),
    /** Null once the admin's account is deleted; `adminName` keeps who it was. */
    adminId: text().references(() => user.id, { onDelete: "set null" }),
    adminName: text().notNull(),
    action: text().notNull(),
    targetId: text(),
    /** The target in words at the time (a name, a title): targets may be deleted. */
    target: text().notNull(),
    detail: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt, t.id)],
);
