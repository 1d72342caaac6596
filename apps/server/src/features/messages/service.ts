import {
  DELETED_USER,
  MESSAGE_ERROR,
  PERMISSION,
  roomChannel,
  type ChatMessage,
  type ChatUser,
  type ListMessagesOutput,
  type SendMessageInput,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { timeOrderedId } from "../../db/time-ordered-id";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { cleanProfanity } from "../../moderation/profanity";
import type { RealtimePublisher } from "../../realtime/realtime";
import type { FileStorage } from "../../storage/storage";
import { storedMediaOf, toMessageMedia } from "./chat-files";
import { insertDirectMessage } from "./direct-send";
import { pushUnread } from "./dm-service";
import type { MessageWriter } from "./message-writer";
import { messagePage, pageAccess, type PageParams } from "./page-queries";
import * as queries from "./queries";
import { checkStrangerText } from "../../moderation/bot-defence";
import type { RateLimiter } from "../../rate-limit/rate-limiter";
import { isFilteredKind, roomKindOf } from "./room-kinds";

export { mayUseRoom } from "./queries";
export { CHAT_FILE_CACHE_CONTROL, roomOfKey } from "./chat-files";

type Files = Pick<FileStorage, "publicUrl">;

/** A message as the contract sends it; one of a deleted account is from DELETED_USER. */
function toChatMessage(files: Files, row: queries.MessageRow): ChatMessage {
  const { mediaType, mediaWidth, mediaHeight, mediaPreviewKey, senderId, sender, ...message } = row;
  const stored = mediaType
    ? { type: mediaType, width: mediaWidth, height: mediaHeight, previewKey: mediaPreviewKey }
    : null;
  return {
    ...message,
    senderId: senderId ?? DELETED_USER.id,
    sender: sender ?? { ...DELETED_USER },
    createdAt: row.createdAt.toISOString(),
    media: toMessageMedia(files, row.content, stored),
  };
}

/**
 * A page of a room's history for its members, oldest first (SPEC §7). An empty page is
 * explained: 403 for an outsider, 400 for a cursor that is not a message of this room (the
 * same answer for an unknown id and another room's, so nothing about other rooms leaks).
 */
export async function list(
  deps: { db: Database; storage: Files },
  params: PageParams,
): Promise<ListMessagesOutput> {
  const { db } = deps;
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
  const messages = (params.after ? page : page.reverse()).map((row) =>
    toChatMessage(deps.storage, row),
  );
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
  deps: {
    db: Database;
    realtime: RealtimePublisher;
    storage: FileStorage;
    logger: Logger;
    /** The dashboard's counters (an in-memory tally, written every few seconds). */
    activity: { messageStored(senderId: string): void };
    rateLimiter: RateLimiter;
    messageWriter: MessageWriter;
  },
  sender: ChatUser,
  input: SendMessageInput,
): Promise<ChatMessage> {
  const id = timeOrderedId();
  const { roomId } = input;
  const clientId = input.clientId ?? null;
  const kind = await roomKindOf(deps.db, roomId);
  // One opener sent to stranger after stranger is what a script does (issue 14).
  if (kind === "stranger") {
    await checkStrangerText(deps, { userId: sender.id, roomId, content: input.content });
  }
  // What is stored is decided here, once: the room's file the content may be the URL of (a
  // photo, video or voice note, uploadMedia), else the text, with each bad word replaced in
  // room and direct messages (SPEC §5; a file's URL is ours and never filtered).
  const media = await storedMediaOf(deps.storage, roomId, input.content);
  const content = !media && isFilteredKind(kind) ? cleanProfanity(input.content) : input.content;
  const row = { id, roomId, senderId: sender.id, content, clientId, media };
  // Direct chats add their rules (mutual follow, three unanswered) under the room's lock.
  const { createdAt, recipientId } =
    kind === "direct"
      ? await insertDirectMessage(deps.db, row)
      : { createdAt: await deps.messageWriter(row), recipientId: null };
  const stored: ChatMessage = createdAt
    ? {
        id,
        roomId,
        content,
        senderId: sender.id,
        sender,
        createdAt: createdAt.toISOString(),
        media: toMessageMedia(deps.storage, content, media),
      }
    : await storedBefore(deps, { roomId, senderId: sender.id, clientId });
  if (createdAt) deps.activity.messageStored(sender.id);
  deps.realtime.publish(roomChannel(roomId), "message", stored);
  if (recipientId) {
    // The recipient's badge follows on every device; the sender's answer does not wait for it.
    pushUnread(deps, { userId: recipientId, roomId }).catch((error: unknown) =>
      deps.logger.error("messages: could not push a direct chat's unread count", error),
    );
  }
  return stored;
}

/** The message of an earlier send with this clientId; otherwise why nothing was stored. */
async function storedBefore(
  deps: { db: Database; storage: Files },
  params: { roomId: string; senderId: string; clientId: string | null },
): Promise<ChatMessage> {
  const { roomId, senderId, clientId } = params;
  const row = clientId
    ? await queries.messageByClientId(deps.db, { roomId, senderId, clientId })
    : null;
  if (row) return toChatMessage(deps.storage, row);
  const member = await queries.isMember(deps.db, { roomId, userId: senderId });
  throw member
    ? new AppError("CONFLICT", PERMISSION.chatEnded)
    : new AppError("FORBIDDEN", PERMISSION.notRoomMember);
}
