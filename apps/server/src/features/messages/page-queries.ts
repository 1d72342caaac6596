import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { message } from "../../db/schema";
import { isMemberOf, selectMessages } from "./queries";

export interface PageParams {
  roomId: string;
  userId: string;
  before?: string;
  after?: string;
  limit: number;
}

/** The seq of a message of this room; NULL for an unknown id or one from another room. */
const positionOf = (roomId: string, id: string) =>
  sql`(select c.seq from ${message} c where c.id = ${id} and c.room_id = ${roomId})`;

/**
 * One page of a room's history plus one row to tell whether more follow, in the order of
 * paging: newest first without a cursor or with `before`, oldest first with `after`.
 * Membership and the cursor's room are in the WHERE clause: an outsider or a foreign cursor
 * gets no rows, never someone else's messages.
 */
export function messagePage(db: Database, params: PageParams) {
  const { roomId, before, after } = params;
  const cursor = after
    ? gt(message.seq, positionOf(roomId, after))
    : before
      ? lt(message.seq, positionOf(roomId, before))
      : undefined;
  return selectMessages(db)
    .where(and(eq(message.roomId, roomId), isMemberOf(roomId, params.userId), cursor))
    .orderBy(after ? asc(message.seq) : desc(message.seq))
    .limit(params.limit + 1);
}

/**
 * Why a page came back empty: not a member, a cursor that is not in this room, or simply
 * nothing there. Only asked for empty pages, so a page with rows costs one round trip.
 */
export async function pageAccess(
  db: Database,
  params: { roomId: string; userId: string; cursor?: string },
): Promise<{ isMember: boolean; isCursorKnown: boolean }> {
  const cursorKnown = params.cursor
    ? sql`exists (select 1 from ${message} c where c.id = ${params.cursor} and c.room_id = ${params.roomId})`
    : sql`true`;
  const result = await db.execute(sql`
    select ${isMemberOf(params.roomId, params.userId)} as is_member, ${cursorKnown} as cursor_known`);
  const { rows } = result as { rows: { is_member: boolean; cursor_known: boolean }[] };
  const row = rows[0];
  return { isMember: row?.is_member === true, isCursorKnown: row?.cursor_known === true };
}
