import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { executeNamed } from "../../db/named-statement";
import { message, room, roomBan, roomMember, user } from "../../db/schema";
import type { StoredMedia } from "./chat-files";

/**
 * The caller is a member of the room and not banned from it: the scope every message query
 * carries in its WHERE (a ban removes the member too; the second check keeps it so if a ban
 * and a join ever cross).
 */
export const isMemberOf = (roomId: string, userId: string) =>
  sql`(exists (select 1 from ${roomMember} m where m.room_id = ${roomId} and m.user_id = ${userId})
    and not exists (select 1 from ${roomBan} b where b.room_id = ${roomId} and b.user_id = ${userId}))`;

/** A member of a room that is still open: who may send into it, upload to it, read its files. */
export async function mayUseRoom(db: Database, params: { roomId: string; userId: string }) {
  const [row] = await db
    .select({ id: room.id })
    .from(room)
    .where(
      and(
        eq(room.id, params.roomId),
        isNull(room.closedAt),
        isMemberOf(params.roomId, params.userId),
      ),
    );
  return Boolean(row);
}

/**
 * Messages with their senders, as the contract's ChatMessage needs them. A LEFT JOIN: the
 * message of a deleted account has no sender (null `sender_id` and `sender`), and the service
 * shows it from DELETED_USER.
 */
export const selectMessages = (db: Database) =>
  db
    .select({
      id: message.id,
      roomId: message.roomId,
      content: message.content,
      senderId: message.senderId,
      createdAt: message.createdAt,
      sender: { id: user.id, name: user.name, image: user.image },
      mediaType: message.mediaType,
      mediaWidth: message.mediaWidth,
      mediaHeight: message.mediaHeight,
      mediaPreviewKey: message.mediaPreviewKey,
    })
    .from(message)
    .leftJoin(user, eq(user.id, message.senderId));

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** A message to store (message.send). */
export interface NewMessage {
  id: string;
  roomId: string;
  senderId: string;
  content: string;
  clientId: string | null;
  /** The room's file the content is the URL of, if any. */
  media?: StoredMedia | null;
}

/**
 * Stores a message only if the sender is a member of a room that is still open, and only once
 * per (sender, room, clientId): the rules are in the statement, so checking and writing cost
 * one round trip and cannot race. The statement first updates the room's last activity, which
 * locks its row (FOR NO KEY UPDATE, as any update of non-key columns; foreign-key checks are
 * not blocked) until commit, so a room's sends take their seq one after the other and a later
 * seq is always a later commit: a reader that saw seq N can never miss one below N, which is
 * what makes `after` cursors lossless across processes (decision 0019). The time is read once,
 * with the lock held (clock_timestamp; a send that waited for the lock reads it again after),
 * and is both the message's created_at and the room's last_activity_at, so times follow seq.
 * A repeated clientId neither stores nor touches the room. Returns the stored time, or null
 * when nothing was stored (not a member, room closed, or a repeated clientId).
 *
 * The statement is the PL/pgSQL function `insert_message` (migration 0010), which keeps its
 * plan for the session; the call is a named prepared statement on PostgreSQL.
 */
export async function insertMessage(db: Database, params: NewMessage): Promise<Date | null> {
  const media = params.media ?? null;
  const rows = await executeNamed<{ created_at: string | Date | null }>(
    db,
    "message_insert",
    sql`select insert_message(${params.id}, ${params.roomId}, ${params.senderId},
      ${params.clientId}::text, ${params.content}, ${media?.type ?? null}::text,
      ${media?.width ?? null}::integer, ${media?.height ?? null}::integer,
      ${media?.previewKey ?? null}::text) as created_at`,
  );
  const storedAt = rows[0]?.created_at;
  return storedAt ? new Date(storedAt) : null;
}

/**
 * insertMessage for many messages in one statement and one transaction (one commit for all):
 * each is stored or not under the same rules, and the answer is its stored time or null, in the
 * order given. The function `insert_messages` (migration 0011) takes them in room-id order, so
 * concurrent batches lock their rooms in the same order and cannot deadlock; a room's messages
 * keep the order in which they were given.
 */
export async function insertMessages(db: Database, batch: NewMessage[]): Promise<(Date | null)[]> {
  const order = batch
    .map((params, index) => ({ params, index }))
    .sort((a, b) =>
      a.params.roomId < b.params.roomId
        ? -1
        : a.params.roomId > b.params.roomId
          ? 1
          : a.index - b.index,
    );
  // Each column is one array parameter, so the statement's text is the same for any batch size.
  const column = <T>(pick: (params: NewMessage) => T) =>
    sql.param(order.map(({ params }) => pick(params)));
  const rows = await executeNamed<{ ord: number; created_at: string | Date | null }>(
    db,
    "message_insert_batch",
    sql`select ord, created_at from insert_messages(${column((m) => m.id)}::text[],
      ${column((m) => m.roomId)}::text[], ${column((m) => m.senderId)}::text[],
      ${column((m) => m.clientId)}::text[], ${column((m) => m.content)}::text[],
      ${column((m) => m.media?.type ?? null)}::text[],
      ${column((m) => m.media?.width ?? null)}::integer[],
      ${column((m) => m.media?.height ?? null)}::integer[],
      ${column((m) => m.media?.previewKey ?? null)}::text[])`,
  );
  const stored: (Date | null)[] = batch.map(() => null);
  for (const row of rows) {
    const given = order[row.ord - 1];
    if (given && row.created_at) stored[given.index] = new Date(row.created_at);
  }
  return stored;
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
