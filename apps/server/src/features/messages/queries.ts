import { and, desc, eq, sql } from "drizzle-orm";
import { MESSAGE_PAGE_SIZE } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { message, roomMember, user } from "../../db/schema";

/**
 * Stores a message only if the sender is a member of a room that is still open: the rule is
 * in the statement itself, so checking and writing cost one round trip and cannot race.
 * Returns the stored time, or null when nothing was stored.
 */
export async function insertMessage(
  db: Database,
  params: { id: string; roomId: string; senderId: string; content: string },
): Promise<Date | null> {
  const result = await db.execute(sql`
    insert into ${message} (id, room_id, sender_id, content)
    select ${params.id}, ${params.roomId}, ${params.senderId}, ${params.content}
    where exists (
      select 1 from room_member m join room r on r.id = m.room_id
      where m.room_id = ${params.roomId} and m.user_id = ${params.senderId} and r.closed_at is null
    )
    returning created_at`);
  // Both drivers (PGlite, node-postgres) answer raw statements with `{ rows }`.
  const { rows } = result as { rows: { created_at: string | Date }[] };
  const row = rows[0];
  return row ? new Date(row.created_at) : null;
}

export async function isMember(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await db
    .select({ roomId: roomMember.roomId })
    .from(roomMember)
    .where(and(eq(roomMember.roomId, params.roomId), eq(roomMember.userId, params.userId)));
  return Boolean(row);
}

/** The newest page of a room's messages with their senders, newest first. */
export function latestMessages(db: Database, params: { roomId: string }) {
  return db
    .select({
      id: message.id,
      roomId: message.roomId,
      content: message.content,
      senderId: message.senderId,
      createdAt: message.createdAt,
      sender: { id: user.id, name: user.name, image: user.image },
    })
    .from(message)
    .innerJoin(user, eq(user.id, message.senderId))
    .where(eq(message.roomId, params.roomId))
    .orderBy(desc(message.createdAt), desc(message.id))
    .limit(MESSAGE_PAGE_SIZE);
}
