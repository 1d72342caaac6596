import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Who follows whom (SPEC §4 "Follow"); a follow both ways is mutual and unlocks direct chat. */
export const follow = pgTable(
  "follow",
  {
    followerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    followingId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    // Followers of a user in id order: the follow lists' checks and the online-status fan-out
    // (realtime/following-status.ts), which reads them a chunk at a time from the index.
    index("follow_following_idx").on(t.followingId, t.followerId),
  ],
);
