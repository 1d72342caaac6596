import { and, asc, eq, exists, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { room, roomBan, roomMember, user } from "../../db/schema";

/**
 * Rooms people can browse and join: the global ones and those users created. Written out as
 * the predicate of `room_public_idx`, so the planner can always use that index.
 */
const isPublicRoom = sql`${room.kind} in ('global', 'user')`;

function roomSummaries(db: Database, userId: string, where: SQL | undefined) {
  return db
    .select({
      id: room.id,
      name: room.name,
      kind: room.kind,
      ownerId: room.ownerId,
      isLocked: room.isLocked,
      avatar: room.avatar,
      memberCount: sql<number>`count(${roomMember.userId})::int`,
      isMember: sql<boolean>`coalesce(bool_or(${roomMember.userId} = ${userId}), false)`,
    })
    .from(room)
    .leftJoin(roomMember, eq(roomMember.roomId, room.id))
    .where(and(isPublicRoom, isNull(room.closedAt), where))
    .groupBy(room.id)
    .orderBy(asc(room.kind), asc(room.name));
}

export const listRooms = (db: Database, params: { userId: string }) =>
  roomSummaries(db, params.userId, undefined);

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

/** A room's members, visible only to its members (the caller's membership is in the WHERE). */
export function listMembers(db: Database, params: { roomId: string; userId: string }) {
  const caller = db
    .select({ one: sql`1` })
    .from(roomMember)
    .where(and(eq(roomMember.roomId, params.roomId), eq(roomMember.userId, params.userId)));
  return db
    .select({
      userId: roomMember.userId,
      user: { id: user.id, name: user.name, image: user.image, isAnonymous: user.isAnonymous },
    })
    .from(roomMember)
    .innerJoin(user, eq(user.id, roomMember.userId))
    .where(and(eq(roomMember.roomId, params.roomId), exists(caller)))
    .orderBy(asc(roomMember.joinedAt));
}
