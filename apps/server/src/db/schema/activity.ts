import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The dashboard's engagement charts (SPEC §2 "Admin dashboard shell and index"), recorded as
 * activity happens rather than recomputed from every message on each visit: one row per UTC
 * day with the number of distinct active users and of messages sent. The counters keep their
 * value when users are deleted later (the past does not change).
 */
export const dailyActivity = pgTable("daily_activity", {
  day: date({ mode: "string" }).primaryKey(),
  activeUsers: integer().notNull().default(0),
  messages: integer().notNull().default(0),
});

/**
 * Who was active on a day, so each person counts once in `daily_activity.active_users`. Only
 * needed while the day can still change; rows of past days may be pruned.
 */
export const dailyActiveUser = pgTable(
  "daily_active_user",
  {
    day: date({ mode: "string" }).notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId] }),
    // Deleting users (the guest purge: thousands per batch) finds their rows by this.
    index("daily_active_user_user_idx").on(t.userId),
  ],
);
