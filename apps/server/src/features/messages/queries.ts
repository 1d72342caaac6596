import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { message, roomMember, user } from "../../db/schema";

/** The caller is a member of the room: the scope every message query carries in its WHERE. */
export const isMemberOf = (roomId: string, userId: string) =>
  sql`exists (select 1 from ${roomMember} m where m.room_id = ${roomId} and m.user_id = ${userId})`;

/** Messages with their senders, as the contract's ChatMessage needs them. */
export const selectMessages = (db: Database) =>
  db
    .select({
      id: message.id,
      roomId: message.roomId,
      content: message.content,
      senderId: message.senderId,
      createdAt: message.createdAt,
      sender: { id: user.id, name: user.name, image: user.image },
    })
    .from(message)
    .innerJoin(user, eq(user.id, message.senderId));

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/**
 * Stores a message only if the sender is a member of a room that is still open, and only once
 * per (sender, room, clientId): the rules are in the statement, so checking and writing cost
 * one round trip and cannot race. The room row is locked (FOR NO KEY UPDATE, which does not
 * block foreign-key checks) until commit, so a room's sends take their seq one after the other
 * and a later seq is always a later commit: a reader that saw seq N can never miss one below N,
 * which is what makes `after` cursors lossless across processes. created_at is read after the
 * lock (clock_timestamp) so it follows the same order. Returns the stored time, or null when
 * nothing was stored (not a member, room closed, or a repeated clientId).
 */
export async function insertMessage(
  db: Database,
  params: {
    id: string;
    roomId: string;
    senderId: string;
    content: string;
    clientId: string | null;
  },
): Promise<Date | null> {
  const result = await db.execute(sql`
    with target as (
      select r.id from room r
      where r.id = ${params.roomId} and r.closed_at is null
        and ${isMemberOf(params.roomId, params.senderId)}
      for no key update of r
    )
    insert into ${message} (id, room_id, sender_id, client_id, content, created_at)
    select ${params.id}, target.id, ${params.senderId}, ${params.clientId}, ${params.content},
      clock_timestamp()
    from target
    on conflict (sender_id, room_id, client_id) do nothing
    returning created_at`);
  // Both drivers (PGlite, node-postgres) answer raw statements with `{ rows }`.
  const { rows } = result as { rows: { created_at: string | Date }[] };
  const row = rows[0];
  return row ? new Date(row.created_at) : null;
}

/** The message a member already stored under this clientId (a retried send), if any. */
export async function messageByClientId(
  db: Database,
  params: { roomId: string; senderId: string; clientId: string },
): Promise<MessageRow | null> {
  const [row] = await selectMessages(db).where(
    and(
      eq(message.senderId, params.senderId),
      eq(message.roomId, params.roomId),
      eq(message.clientId, params.clientId),
      isMemberOf(params.roomId, params.senderId),
    ),
  );
  return row ?? null;
}

export async function isMember(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await db
    .select({ roomId: roomMember.roomId })
    .from(roomMember)
    .where(and(eq(roomMember.roomId, params.roomId), eq(roomMember.userId, params.userId)));
  return Boolean(row);
}
