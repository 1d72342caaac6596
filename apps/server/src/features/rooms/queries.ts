import { and, asc, eq, exists, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { after, timestampKey, type CursorKey } from "../../db/page";
import { room, roomBan, roomMember, user } from "../../db/schema";

/**
 * Rooms people can browse and join: the global ones and those users created. Written out as
 * the predicate of `room_public_idx`, so the planner can always use that index.
 */
const isPublicRoom = sql`${room.kind} in ('global', 'user')`;

/*
 * Counts per room as subqueries, not a join and GROUP BY: the page's rooms come straight off
 * `room_public_idx` in order, and only they are counted (a join would count every room's
 * members before the LIMIT).
 */
function roomSummaries(db: Database, userId: string, where: SQL | undefined) {
  return db
    .select({
      id: room.id,
      name: room.name,
      kind: room.kind,
      ownerId: room.ownerId,
      isLocked: room.isLocked,
      avatar: room.avatar,
      memberCount: sql<number>`(select count(*)::int from ${roomMember} where ${roomMember.roomId} = ${room.id})`,
      isMember: sql<boolean>`exists (select 1 from ${roomMember} where ${roomMember.roomId} = ${room.id} and ${roomMember.userId} = ${userId})`,
    })
    .from(room)
    .where(and(isPublicRoom, isNull(room.closedAt), where))
    .orderBy(asc(room.kind), asc(room.name), asc(room.id));
}

/** A page of public rooms after the key (kind, name, id) of the last one shown; one extra row. */
export const listRooms = (
  db: Database,
  params: { userId: string; limit: number; after: CursorKey | null },
) =>
  roomSummaries(db, params.userId, after([room.kind, room.name, room.id], params.after)).limit(
    params.limit + 1,
  );

export async function findRoomSummary(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await roomSummaries(db, params.userId, eq(room.id, params.roomId));
  return row ?? null;
}

export async function findRoom(db: Database, roomId: string) {
  const [row] = await db
    .select({ id: room.id, kind: room.kind, isLocked: room.isLocked, closedAt: room.closedAt })
    .from(room)
    .where(eq(room.id, roomId));
  return row ?? null;
}

export async function isBanned(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await db
    .select({ roomId: roomBan.roomId })
    .from(roomBan)
    .where(and(eq(roomBan.roomId, params.roomId), eq(roomBan.userId, params.userId)));
  return Boolean(row);
}

export async function isMember(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await db
    .select({ roomId: roomMember.roomId })
    .from(roomMember)
    .where(and(eq(roomMember.roomId, params.roomId), eq(roomMember.userId, params.userId)));
  return Boolean(row);
}

export async function addMember(db: Database, params: { roomId: string; userId: string }) {
  await db.insert(roomMember).values(params).onConflictDoNothing();
}

/** True when the user was a member (and no longer is). */
export async function removeMember(db: Database, params: { roomId: string; userId: string }) {
  const rows = await db
    .delete(roomMember)
    .where(and(eq(roomMember.roomId, params.roomId), eq(roomMember.userId, params.userId)))
    .returning({ userId: roomMember.userId });
  return rows.length > 0;
}

/**
 * A page of a room's members in joining order, after the key (joinedAt, userId) of the last
 * one shown, one row extra; visible only to members (the caller's membership is in the WHERE).
 */
export function listMembers(
  db: Database,
  params: { roomId: string; userId: string; limit: number; after: CursorKey | null },
) {
  const caller = db
    .select({ one: sql`1` })
    .from(roomMember)
    .where(and(eq(roomMember.roomId, params.roomId), eq(roomMember.userId, params.userId)));
  return db
    .select({
      userId: roomMember.userId,
      user: { id: user.id, name: user.name, image: user.image, isAnonymous: user.isAnonymous },
      joinedKey: timestampKey(roomMember.joinedAt),
    })
    .from(roomMember)
    .innerJoin(user, eq(user.id, roomMember.userId))
    .where(
      and(
        eq(roomMember.roomId, params.roomId),
        exists(caller),
        after([roomMember.joinedAt, roomMember.userId], params.after),
      ),
    )
    .orderBy(asc(roomMember.joinedAt), asc(roomMember.userId))
    .limit(params.limit + 1);
}
