import { randomUUID } from "node:crypto";
import {
  PERMISSION,
  roomChannel,
  type ChatMessage,
  type ChatUser,
  type SendMessageInput,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { RealtimePublisher } from "../../realtime/realtime";
import * as queries from "./queries";

/** A room's history for its members, oldest first (SPEC §7: rows by room ordered ascending). */
export async function list(db: Database, params: { userId: string; roomId: string }) {
  if (!(await queries.isMember(db, params))) {
    throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
  }
  const rows = await queries.latestMessages(db, params);
  const messages: ChatMessage[] = rows.reverse().map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
  return { messages };
}

/** Stored first, then published: the database is the truth, the event is a hint. */
export async function send(
  deps: { db: Database; realtime: RealtimePublisher },
  sender: ChatUser,
  input: SendMessageInput,
): Promise<ChatMessage> {
  const id = randomUUID();
  const createdAt = await queries.insertMessage(deps.db, {
    id,
    roomId: input.roomId,
    senderId: sender.id,
    content: input.content,
  });
  if (!createdAt) {
    const member = await queries.isMember(deps.db, { roomId: input.roomId, userId: sender.id });
    throw member
      ? new AppError("CONFLICT", PERMISSION.chatEnded)
      : new AppError("FORBIDDEN", PERMISSION.notRoomMember);
  }
  const message: ChatMessage = {
    id,
    roomId: input.roomId,
    content: input.content,
    senderId: sender.id,
    sender,
    createdAt: createdAt.toISOString(),
  };
  deps.realtime.publish(roomChannel(input.roomId), "message", message);
  return message;
}
