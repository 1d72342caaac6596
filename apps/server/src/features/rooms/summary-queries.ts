import { ROOM_UNREAD_CAP } from "@chatsphere/contract";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { after, timestampKey, type CursorKey } from "../../db/page";
import { message, room, roomMember } from "../../db/schema";

/**
 * Rooms people can browse and join: the global ones and those users created. Written out as
 * the predicate of `room_public_idx`, so the planner can always use that index.
 */
const isPublicRoom = sql`${room.kind} in ('global', 'user')`;

/** The caller's own membership row, joined to each room (null columns for non-members). */
const me = alias(roomMember, "me");

/*
 * Counts per room as subqueries, not a join and GROUP BY: the page's rooms come straight off
 * their index in order, and only they are counted (a join would count every room before the
 * LIMIT). The unread count reads at most the room's newest ROOM_UNREAD_CAP messages, backwards
 * on `message_room_seq_idx`, so a room with a long history costs what a new one does; and not
 * even those when nothing happened since the member last read (last_activity_at is the newest
 * message's time, bumped by every insert).
 */
const summaryFields = {
  id: room.id,
  name: room.name,
  kind: room.kind,
  ownerId: room.ownerId,
  isLocked: room.isLocked,
  avatar: room.avatar,
  lastActivityAt: room.lastActivityAt,
  memberCount: sql<number>`(select count(*)::int from ${roomMember} where ${roomMember.roomId} = ${room.id})`,
  isMember: sql<boolean>`(${me.userId} is not null)`,
  unreadCount: sql<number>`case when ${me.userId} is null or ${room.lastActivityAt} <= ${me.lastReadAt} then 0
    else (select count(*)::int from (
      select ${message.senderId} as sender_id, ${message.createdAt} as created_at from ${message}
      where ${message.roomId} = ${room.id} order by ${message.seq} desc limit ${ROOM_UNREAD_CAP}
    ) recent where recent.sender_id is distinct from ${me.userId}
      and recent.created_at > ${me.lastReadAt}) end`,
};

const isOpenPublic = (where: SQL | undefined) => and(isPublicRoom, isNull(room.closedAt), where);

/** A page of public rooms after the key (kind, name, id) of the last one shown; one extra row. */
export const listRooms = (
  db: Database,
  params: { userId: string; limit: number; after: CursorKey | null },
) =>
  db
    .select(summaryFields)
    .from(room)
    .leftJoin(me, and(eq(me.roomId, room.id), eq(me.userId, params.userId)))
    .where(isOpenPublic(after([room.kind, room.name, room.id], params.after)))
    .orderBy(asc(room.kind), asc(room.name), asc(room.id))
    .limit(params.limit + 1);

/**
 * A page of the caller's open public rooms, most recently active first, before the key
 * (lastActivity, id) of the last one shown; one extra row. A user belongs to few rooms, so
 * they are read off `room_member_user_idx` and sorted.
 */
export const listMyRooms = (
  db: Database,
  params: { userId: string; limit: number; before: CursorKey | null },
) => {
  const [at, id] = params.before ?? [];
  const beforeKey =
    at === undefined || id === undefined
      ? undefined
      : sql`(${room.lastActivityAt}, ${room.id}) < (${at}, ${id})`;
  return db
    .select({ ...summaryFields, activityKey: timestampKey(room.lastActivityAt) })
    .from(room)
    .innerJoin(me, and(eq(me.roomId, room.id), eq(me.userId, params.userId)))
    .where(isOpenPublic(beforeKey))
    .orderBy(desc(room.lastActivityAt), desc(room.id))
    .limit(params.limit + 1);
};

export async function findRoomSummary(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await db
    .select(summaryFields)
    .from(room)
    .leftJoin(me, and(eq(me.roomId, room.id), eq(me.userId, params.userId)))
    .where(isOpenPublic(eq(room.id, params.roomId)));
  return row ?? null;
}

/** A summary as the contract sends it: times as ISO 8601. */
export const toSummary = <T extends { lastActivityAt: Date }>(row: T) => ({
  ...row,
  lastActivityAt: row.lastActivityAt.toISOString(),
});
