import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Conversations. `global` rooms belong to the system (no owner) and exist from the first
 * start; `user` rooms are created by users; `stranger` and `direct` rooms hold one-to-one chats.
 */
export const roomKind = pgEnum("room_kind", ["global", "user", "stranger", "direct"]);

export const room = pgTable(
  "room",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    kind: roomKind().notNull(),
    ownerId: text().references(() => user.id, { onDelete: "cascade" }),
    isLocked: boolean().notNull().default(false),
    avatar: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    /** The last message's time (or the creation's): the room list's "time" and order. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Direct rooms only: the pair's two user ids, sorted and joined by ":". Unique, so two
     * concurrent dm.getOrCreateChat calls of a pair end in one room (the id stays random, so
     * knowing two people's ids tells nothing about whether they talk).
     */
    directPair: text(),
  },
  (t) => [
    uniqueIndex("room_global_name_uq")
      .on(t.name)
      .where(sql`${t.kind} = 'global'`),
    // Partial, so stranger rooms (most rows, no owner, never listed) enter neither index: a
    // match inserts one room and its close updates it, both at the rate of matching.
    index("room_owner_idx")
      .on(t.ownerId)
      .where(sql`${t.ownerId} is not null`),
    index("room_public_idx")
      .on(t.kind, t.name)
      .where(sql`${t.kind} in ('global', 'user')`),
    uniqueIndex("room_direct_pair_uq")
      .on(t.directPair)
      .where(sql`${t.directPair} is not null`),
  ],
);

export const roomMember = pgTable(
  "room_member",
  {
    roomId: text()
      .notNull()
      .references(() => room.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index("room_member_user_idx").on(t.userId),
    // The members list pages by join order (room.listRoomMembers).
    index("room_member_joined_idx").on(t.roomId, t.joinedAt, t.userId),
  ],
);

export const roomBan = pgTable(
  "room_ban",
  {
    roomId: text()
      .notNull()
      .references(() => room.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    // Deleting a user finds their bans without reading every room's.
    index("room_ban_user_idx").on(t.userId),
  ],
);

/**
 * Chat messages. `seq` is the order of a room's history and the position behind the id
 * cursors of message.list: unlike created_at it never ties, and a send takes it under a lock on
 * its room, so within a room a later seq is also a later commit (see messages/queries.ts).
 * `client_id` is the sender's idempotency key; NULLs are distinct, so sends without one never
 * collide, and the index leads with sender_id so deleting a user finds their messages.
 */
export const message = pgTable(
  "message",
  {
    id: text().primaryKey(),
    seq: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    roomId: text()
      .notNull()
      .references(() => room.id, { onDelete: "cascade" }),
    /**
     * Null once the sender's account is deleted: the message stays in the rooms of others and
     * is shown from DELETED_USER (issue 13); their own rooms go with them, messages and all.
     */
    senderId: text().references(() => user.id, { onDelete: "set null" }),
    clientId: text(),
    /**
     * Set when the content is a file uploaded into the room: its sniffed type, an image's size
     * and the storage key of its small preview (message.uploadMedia).
     */
    mediaType: text(),
    mediaWidth: integer(),
    mediaHeight: integer(),
    mediaPreviewKey: text(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("message_room_seq_idx").on(t.roomId, t.seq),
    uniqueIndex("message_sender_client_id_uq").on(t.senderId, t.roomId, t.clientId),
  ],
);
