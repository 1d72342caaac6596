import { ROOM_UNREAD_CAP } from "@chatsphere/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { message, room, roomMember } from "../../db/schema";

/**
 * The caller's direct chats with something unread, each with its count. As in the room list
 * (rooms/summary-queries.ts), a count reads at most the room's newest ROOM_UNREAD_CAP messages
 * (100 means "100 or more"), and a room with nothing new since the last read reads none: the
 * WHERE compares two timestamps before any message is touched. Messages of a deleted account
 * (no sender: `<>` is not true for NULL) are not counted: its chat can no longer be opened (the
 * follows went with the account), so nothing would ever mark them read.
 */
export async function directUnread(db: Database, userId: string) {
  const result = await db.execute(sql`
    select unread.room_id, unread.unread_count from (
      select m.room_id, (select count(*)::int from (
        select c.sender_id, c.created_at from ${message} c
        where c.room_id = m.room_id order by c.seq desc limit ${ROOM_UNREAD_CAP}
      ) recent where recent.sender_id <> ${userId} and recent.created_at > m.last_read_at)
        as unread_count
      from ${roomMember} m join ${room} r on r.id = m.room_id
      where m.user_id = ${userId} and r.kind = 'direct' and r.last_activity_at > m.last_read_at
    ) unread
    where unread.unread_count > 0
    order by unread.room_id`);
  const { rows } = result as { rows: { room_id: string; unread_count: number }[] };
  return rows.map((row) => ({ roomId: row.room_id, unreadCount: row.unread_count }));
}

/** The member has read the direct chat up to now; false when the caller is not its member. */
export async function markDirectRead(db: Database, params: { roomId: string; userId: string }) {
  const rows = await db
    .update(roomMember)
    .set({ lastReadAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(roomMember.roomId, params.roomId),
        eq(roomMember.userId, params.userId),
        sql`exists (select 1 from ${room} r where r.id = ${params.roomId} and r.kind = 'direct')`,
      ),
    )
    .returning({ userId: roomMember.userId });
  return rows.length > 0;
}
