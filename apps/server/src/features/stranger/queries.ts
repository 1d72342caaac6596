import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { room, roomMember } from "../../db/schema";

export const STRANGER_ROOM_NAME = "Stranger chat";

export interface NewStrangerRoom {
  roomId: string;
  userIds: [string, string];
}

/**
 * Creates stranger rooms with both members, many pairs in one statement of four parameters:
 * the ids travel as arrays and `unnest` turns them into rows, so a batch of a hundred matches
 * is one round trip, and neither drizzle nor the database parses hundreds of placeholders.
 */
export async function createStrangerRooms(db: Database, rooms: NewStrangerRoom[]) {
  if (rooms.length === 0) return;
  const roomIds = rooms.map((r) => r.roomId);
  const memberRooms = rooms.flatMap((r) => [r.roomId, r.roomId]);
  const memberUsers = rooms.flatMap((r) => r.userIds);
  await db.execute(sql`
    with created as (
      insert into ${room} (id, name, kind)
      select id, ${STRANGER_ROOM_NAME}, 'stranger' from unnest(${sql.param(roomIds)}::text[]) as id
    )
    insert into ${roomMember} (room_id, user_id)
    select * from unnest(${sql.param(memberRooms)}::text[], ${sql.param(memberUsers)}::text[])`);
}

/** Marks stranger rooms closed, many in one statement; returns the ids this call closed. */
export async function closeStrangerRooms(db: Database, roomIds: string[]) {
  const rows = await db
    .update(room)
    .set({ closedAt: sql`now()` })
    .where(
      and(
        sql`${room.id} = any(${sql.param(roomIds)}::text[])`,
        eq(room.kind, "stranger"),
        isNull(room.closedAt),
      ),
    )
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
