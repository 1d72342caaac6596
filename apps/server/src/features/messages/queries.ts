import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { namedStatement } from "../../db/named-statement";
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

const insertOne = namedStatement<{
  id: string;
  roomId: string;
  senderId: string;
  clientId: string | null;
  content: string;
  mediaType: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  mediaPreviewKey: string | null;
}>(
  "message_insert",
  (value) =>
    sql`select insert_message(${value("id")}, ${value("roomId")}, ${value("senderId")},
      ${value("clientId")}::text, ${value("content")}, ${value("mediaType")}::text,
      ${value("mediaWidth")}::integer, ${value("mediaHeight")}::integer,
      ${value("mediaPreviewKey")}::text) as created_at`,
);

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
  const rows = await insertOne<{ created_at: string | Date | null }>(db, {
    id: params.id,
    roomId: params.roomId,
    senderId: params.senderId,
    clientId: params.clientId,
    content: params.content,
    mediaType: media?.type ?? null,
    mediaWidth: media?.width ?? null,
    mediaHeight: media?.height ?? null,
    mediaPreviewKey: media?.previewKey ?? null,
  });
  const storedAt = rows[0]?.created_at;
  return storedAt ? new Date(storedAt) : null;
}

const insertSet = namedStatement<{
  ids: string[];
  roomIds: string[];
  senderIds: string[];
  clientIds: (string | null)[];
  contents: string[];
  mediaTypes: (string | null)[];
  mediaWidths: (number | null)[];
  mediaHeights: (number | null)[];
  mediaPreviewKeys: (string | null)[];
}>(
  "message_insert_set",
  (value) =>
    sql`with locked as materialized (
        select r.id from ${room} r
        where r.id = any(${value("roomIds")}::text[]) and r.closed_at is null
        order by r.id for no key update
      ), stored as (
        insert into ${message} as m (id, room_id, sender_id, client_id, content, created_at,
          media_type, media_width, media_height, media_preview_key)
        select g.id, g.room_id, g.sender_id, g.client_id, g.content, clock_timestamp(),
          g.media_type, g.media_width, g.media_height, g.media_preview_key
        from unnest(${value("ids")}::text[], ${value("roomIds")}::text[],
          ${value("senderIds")}::text[], ${value("clientIds")}::text[],
          ${value("contents")}::text[], ${value("mediaTypes")}::text[],
          ${value("mediaWidths")}::integer[],
          ${value("mediaHeights")}::integer[],
          ${value("mediaPreviewKeys")}::text[])
          with ordinality as g(id, room_id, sender_id, client_id, content, media_type,
            media_width, media_height, media_preview_key, n)
        where g.room_id in (select l.id from locked l)
          and exists (select 1 from ${roomMember} rm
            where rm.room_id = g.room_id and rm.user_id = g.sender_id)
          and not exists (select 1 from ${roomBan} b
            where b.room_id = g.room_id and b.user_id = g.sender_id)
        order by g.n
        on conflict (sender_id, room_id, client_id) do nothing
        returning m.id, m.room_id, m.created_at
      ), touched as (
        update ${room} r set last_activity_at = s.at
        from (select room_id, max(created_at) as at from stored group by room_id) s
        where r.id = s.room_id
      )
      select id, created_at from stored`,
);

/**
 * insertMessage for many messages in one statement and one transaction (one commit for all):
 * each is stored or not under the same rules as insertMessage's, and the answer is its stored
 * time or null, in the order given (decision 0038). The statement:
 *
 * - locks the batch's open rooms (FOR NO KEY UPDATE, as insertMessage's update does) in id
 *   order, so concurrent batches, of this process or another, cannot deadlock on rooms; a row
 *   is only inserted once its room's lock is held, and the lock lasts until commit, so a room's
 *   seq still follows commit order (decision 0019);
 * - inserts the messages of members who are not banned, in the order given (`unnest ... with
 *   ordinality`, ordered by position: each row's seq and clock_timestamp() are taken in that
 *   order, so a room's times follow its seq), each at most once per (sender, room, clientId):
 *   one given twice in the batch, or stored before, is skipped by the unique index;
 * - sets each room it stored into to the time of its last message, once per room.
 *
 * Its plan is kept per connection as a named statement; the batch's size is in the arrays, so
 * its text never changes.
 */
export async function insertMessages(db: Database, batch: NewMessage[]): Promise<(Date | null)[]> {
  const rows = await insertSet<{ id: string; created_at: string | Date }>(db, {
    ids: batch.map((m) => m.id),
    roomIds: batch.map((m) => m.roomId),
    senderIds: batch.map((m) => m.senderId),
    clientIds: batch.map((m) => m.clientId),
    contents: batch.map((m) => m.content),
    mediaTypes: batch.map((m) => m.media?.type ?? null),
    mediaWidths: batch.map((m) => m.media?.width ?? null),
    mediaHeights: batch.map((m) => m.media?.height ?? null),
    mediaPreviewKeys: batch.map((m) => m.media?.previewKey ?? null),
  });
  const storedAt = new Map(rows.map((row) => [row.id, new Date(row.created_at)]));
  return batch.map((m) => storedAt.get(m.id) ?? null);
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
