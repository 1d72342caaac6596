import { and, asc, eq, exists, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { after, timestampKey, type CursorKey } from "../../db/page";
import { room, roomBan, roomMember, user } from "../../db/schema";

const roomFields = {
  id: room.id,
  kind: room.kind,
  ownerId: room.ownerId,
  isLocked: room.isLocked,
  closedAt: room.closedAt,
};

export async function findRoom(db: Database, roomId: string) {
  const [row] = await db.select(roomFields).from(room).where(eq(room.id, roomId));
  return row ?? null;
}

/**
 * The room, locked against a ban, a lock or a delete until the caller's transaction ends
 * (FOR SHARE: joins do not wait for each other): a join either sees the ban, or the ban
 * sees the new member and removes them.
 */
export async function findRoomForJoin(db: Database, roomId: string) {
  const [row] = await db.select(roomFields).from(room).where(eq(room.id, roomId)).for("share");
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

/** The member has read the room up to now; false when the caller is no member. */
export async function markRead(db: Database, params: { roomId: string; userId: string }) {
  const rows = await db
    .update(roomMember)
    .set({ lastReadAt: sql`now()` })
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
