import { randomUUID } from "node:crypto";
import {
  MESSAGE_ERROR,
  PERMISSION,
  roomChannel,
  type ChatMessage,
  type ChatUser,
  type ListMessagesOutput,
  type SendMessageInput,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { RealtimePublisher } from "../../realtime/realtime";
import { messagePage, pageAccess, type PageParams } from "./page-queries";
import * as queries from "./queries";

const toChatMessage = (row: queries.MessageRow): ChatMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A page of a room's history for its members, oldest first (SPEC §7). An empty page is
 * explained: 403 for an outsider, 400 for a cursor that is not a message of this room (the
 * same answer for an unknown id and another room's, so nothing about other rooms leaks).
 */
export async function list(db: Database, params: PageParams): Promise<ListMessagesOutput> {
  const rows = await messagePage(db, params);
  if (rows.length === 0) {
    const cursor = params.after ?? params.before;
    const access = await pageAccess(db, { roomId: params.roomId, userId: params.userId, cursor });
    if (!access.isMember) throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
    if (!access.isCursorKnown) throw new AppError("BAD_REQUEST", MESSAGE_ERROR.unknownCursor);
  }
  const hasMore = rows.length > params.limit;
  const page = rows.slice(0, params.limit);
  // Pages are read in the paging direction; only `after` already reads oldest first.
  const messages = (params.after ? page : page.reverse()).map(toChatMessage);
  // A cursor is a message of this room, so the side it lies on is never empty.
  return {
    messages,
    hasOlder: params.after ? true : hasMore,
    hasNewer: params.after ? hasMore : Boolean(params.before),
  };
}

/**
 * Stored first, then published: the database is the truth, the event is a hint. A repeated
 * clientId stores nothing and answers with the message stored the first time; its event goes
 * out again because the first one may have been lost with the answer (clients merge by id).
 */
export async function send(
  deps: { db: Database; realtime: RealtimePublisher },
  sender: ChatUser,
  input: SendMessageInput,
): Promise<ChatMessage> {
  const id = randomUUID();
  const { roomId, content } = input;
  const clientId = input.clientId ?? null;
  const createdAt = await queries.insertMessage(deps.db, {
    id,
    roomId,
    senderId: sender.id,
    content,
    clientId,
  });
  const stored = createdAt
    ? { id, roomId, content, senderId: sender.id, sender, createdAt: createdAt.toISOString() }
    : await storedBefore(deps.db, { roomId, senderId: sender.id, clientId });
  deps.realtime.publish(roomChannel(roomId), "message", stored);
  return stored;
}

/** The message of an earlier send with this clientId; otherwise why nothing was stored. */
async function storedBefore(
  db: Database,
  params: { roomId: string; senderId: string; clientId: string | null },
): Promise<ChatMessage> {
  const { roomId, senderId, clientId } = params;
  const row = clientId ? await queries.messageByClientId(db, { roomId, senderId, clientId }) : null;
  if (row) return toChatMessage(row);
  const member = await queries.isMember(db, { roomId, userId: senderId });
  throw member
    ? new AppError("CONFLICT", PERMISSION.chatEnded)
    : new AppError("FORBIDDEN", PERMISSION.notRoomMember);
}
