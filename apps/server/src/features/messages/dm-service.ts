import { createId } from "@paralleldrive/cuid2";
import {
  PERMISSION,
  userChannel,
  type LatestMessage,
  type UnreadSummary,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { RealtimePublisher } from "../../realtime/realtime";
import * as queries from "./dm-queries";
import { directUnread, markDirectRead } from "./unread-queries";

/*
 * Direct chats between mutual followers (SPEC §3, §4, §7 dm.*). Sending and listing go through
 * message.send / message.list (direct-send.ts holds the direct rules); this is the rest.
 */

/** The pair's one room, for mutual followers only; both are its members. */
export async function getOrCreateChat(db: Database, me: string, otherUserId: string) {
  const roomId = await db.transaction(async (tx) => {
    if (!(await queries.isMutual(tx, me, otherUserId))) {
      throw new AppError("FORBIDDEN", PERMISSION.notMutual);
    }
    return queries.openPairRoom(tx, { id: createId(), a: me, b: otherUserId });
  });
  const otherUser = await queries.chatUserOf(db, otherUserId);
  if (!otherUser) throw new AppError("FORBIDDEN", PERMISSION.notMutual);
  return { room: { id: roomId, otherUser } };
}

export async function getUnreadSummary(db: Database, userId: string): Promise<UnreadSummary> {
  const rooms = await directUnread(db, userId);
  return { rooms, totalUnread: rooms.reduce((sum, r) => sum + r.unreadCount, 0) };
}

interface PushDeps {
  db: Database;
  realtime: RealtimePublisher;
  logger: Logger;
}

/**
 * Pushes a user's count of one direct chat, with their total, to every device of theirs
 * (`dm_unread` on `user:{id}`): the Following tab's badge and list agree at once, and the
 * 5 s summary poll stays as the fallback for a lost event. The values are absolute, so an
 * event that arrives twice changes nothing.
 */
export async function pushUnread(deps: PushDeps, params: { userId: string; roomId: string }) {
  const { rooms, totalUnread } = await getUnreadSummary(deps.db, params.userId);
  const unreadCount = rooms.find((r) => r.roomId === params.roomId)?.unreadCount ?? 0;
  deps.realtime.publish(userChannel(params.userId), "dm_unread", {
    roomId: params.roomId,
    unreadCount,
    totalUnread,
  });
}

/** Marks the chat read for its member and clears it on their other devices too. */
export async function markAsRead(deps: PushDeps, params: { userId: string; roomId: string }) {
  if (!(await markDirectRead(deps.db, params))) {
    throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
  }
  await pushUnread(deps, params);
  return { unreadCount: 0 as const };
}

/**
 * The newest message with someone: to a member of the pair's chat (even after an unfollow, as
 * the history stays theirs), or to a mutual follower before the first message (all null).
 */
export async function getLatestMessage(
  db: Database,
  params: { userId: string; otherUserId: string },
): Promise<LatestMessage> {
  const row = await queries.latestOfPair(db, { me: params.userId, other: params.otherUserId });
  if (!row.is_member && !row.is_mutual) throw new AppError("FORBIDDEN", PERMISSION.notMutual);
  return {
    content: row.content,
    createdAt: row.created_at === null ? null : new Date(row.created_at).toISOString(),
    fromMe: row.sender_id === params.userId,
  };
}
