import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { room, roomBan, roomMember } from "../../db/schema";

/*
 * Writes only a room's owner may make. Each carries the owner in its WHERE clause, so a caller
 * who is not the owner changes nothing whatever the service checked before; a null answer
 * means "no such room of yours", and owner-service.ts asks why (ownerRefusal).
 * The global rooms have no owner and are not `user` rooms: no one ever matches them.
 */
const ownedBy = (roomId: string, ownerId: string) =>
  and(eq(room.id, roomId), eq(room.ownerId, ownerId), eq(room.kind, "user"), isNull(room.closedAt));

const ownsRoom = (roomId: string, ownerId: string) =>
  sql`exists (select 1 from ${room} where ${ownedBy(roomId, ownerId)})`;

/** A user room with its owner as the first member: both or neither. */
export async function insertRoom(
  db: Database,
  params: { id: string; name: string; ownerId: string },
) {
  await db.transaction(async (tx) => {
    await tx.insert(room).values({ ...params, kind: "user" });
    await tx.insert(roomMember).values({ roomId: params.id, userId: params.ownerId });
  });
}

/** The room's new lock state, or null when the caller owns no such room. */
export async function toggleLock(db: Database, params: { roomId: string; ownerId: string }) {
  const [row] = await db
    .update(room)
    .set({ isLocked: sql`not ${room.isLocked}` })
    .where(ownedBy(params.roomId, params.ownerId))
    .returning({ isLocked: room.isLocked });
  return row ? row.isLocked : null;
}

/**
 * Removes the user from the room and bans them; null when the caller owns no such room. The
 * room row stays locked until commit (joins take a share lock on it), so a join racing the ban
 * either sees the ban or is the membership the ban removes. Someone who is neither a member
 * nor already banned is left alone (`wasMember` and `wasBanned` false): an owner bans from the
 * member list, and a made-up id must not reach the foreign key.
 */
export async function banMember(
  db: Database,
  params: { roomId: string; ownerId: string; userId: string },
) {
  const { roomId, ownerId, userId } = params;
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: room.id })
      .from(room)
      .where(ownedBy(roomId, ownerId))
      .for("no key update");
    if (!owned) return null;
    const [existing] = await tx
      .select({ userId: roomBan.userId })
      .from(roomBan)
      .where(and(eq(roomBan.roomId, roomId), eq(roomBan.userId, userId)));
    const removed = await tx
      .delete(roomMember)
      .where(
        and(
          eq(roomMember.roomId, roomId),
          eq(roomMember.userId, userId),
          ownsRoom(roomId, ownerId),
        ),
      )
      .returning({ userId: roomMember.userId });
    const wasMember = removed.length > 0;
    const wasBanned = existing !== undefined;
    if (wasMember) {
      // INSERT ... SELECT from the owned room: the owner is in this write's WHERE too.
      const ban = tx
        .select({
          roomId: room.id,
          userId: sql<string>`${userId}::text`.as("user_id"),
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(room)
        .where(ownedBy(roomId, ownerId));
      await tx.insert(roomBan).select(ban).onConflictDoNothing();
    }
    return { wasMember, wasBanned };
  });
}

/**
 * Deletes the room (its messages and bans cascade) and returns who was in it, or null when the
 * caller owns no such room. The lock makes racing joins wait, then find no room.
 */
export async function deleteRoom(db: Database, params: { roomId: string; ownerId: string }) {
  const { roomId, ownerId } = params;
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: room.id })
      .from(room)
      .where(ownedBy(roomId, ownerId))
      .for("update");
    if (!owned) return null;
    const members = await tx
      .delete(roomMember)
      .where(and(eq(roomMember.roomId, roomId), ownsRoom(roomId, ownerId)))
      .returning({ userId: roomMember.userId });
    await tx.delete(room).where(ownedBy(roomId, ownerId));
    return members.map((m) => m.userId);
  });
}
