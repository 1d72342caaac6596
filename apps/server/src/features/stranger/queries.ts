import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { room, roomMember } from "../../db/schema";

export const STRANGER_ROOM_NAME = "Stranger chat";

export interface NewStrangerRoom {
  roomId: string;
  userIds: [string, string];
}

/**
 * Creates stranger rooms with both members, many pairs in one statement: the rooms insert
 * runs in a CTE, so a burst of matches costs one round trip instead of two per pair.
 */
export async function createStrangerRooms(db: Database, rooms: NewStrangerRoom[]) {
  if (rooms.length === 0) return;
  const roomRows = sql.join(
    rooms.map((r) => sql`(${r.roomId}, ${STRANGER_ROOM_NAME}, 'stranger')`),
    sql`, `,
  );
  const memberRows = sql.join(
    rooms.flatMap((r) => r.userIds.map((userId) => sql`(${r.roomId}, ${userId})`)),
    sql`, `,
  );
  await db.execute(sql`
    with created as (insert into ${room} (id, name, kind) values ${roomRows})
    insert into ${roomMember} (room_id, user_id) values ${memberRows}`);
}

/** Marks a stranger room closed; true only for the call that closed it. */
export async function closeStrangerRoom(db: Database, roomId: string) {
  const rows = await db
    .update(room)
    .set({ closedAt: new Date() })
    .where(and(eq(room.id, roomId), eq(room.kind, "stranger"), isNull(room.closedAt)))
    .returning({ id: room.id });
  return rows.length > 0;
}

export async function isStrangerRoomMember(
  db: Database,
  params: { roomId: string; userId: string },
) {
  const [row] = await db
    .select({ roomId: roomMember.roomId })
    .from(roomMember)
    .innerJoin(room, eq(room.id, roomMember.roomId))
    .where(
      and(
        eq(roomMember.roomId, params.roomId),
        eq(roomMember.userId, params.userId),
        eq(room.kind, "stranger"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * On the embedded default the matching state lives in this process only, so rooms left open
 * by a previous run can never end on their own: close them at start.
 */
export async function closeAllStrangerRooms(db: Database) {
  await db
    .update(room)
    .set({ closedAt: new Date() })
    .where(and(eq(room.kind, "stranger"), isNull(room.closedAt)));
}

/** What matching needs from the database; tests of the matcher pass an in-memory one. */
export interface StrangerRoomStore {
  create(rooms: NewStrangerRoom[]): Promise<void>;
  close(roomId: string): Promise<boolean>;
  isMember(params: { roomId: string; userId: string }): Promise<boolean>;
}

export const strangerRoomStore = (db: Database): StrangerRoomStore => ({
  create: (rooms) => createStrangerRooms(db, rooms),
  close: (roomId) => closeStrangerRoom(db, roomId),
  isMember: (params) => isStrangerRoomMember(db, params),
});
