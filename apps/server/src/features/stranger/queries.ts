import { and, eq, inArray, isNull, sql } from "drizzle-orm";
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

/** Marks stranger rooms closed, many in one statement; returns the ids this call closed. */
export async function closeStrangerRooms(db: Database, roomIds: string[]) {
  const rows = await db
    .update(room)
    .set({ closedAt: new Date() })
    .where(and(inArray(room.id, roomIds), eq(room.kind, "stranger"), isNull(room.closedAt)))
    .returning({ id: room.id });
  return new Set(rows.map((r) => r.id));
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
