import { z } from "zod";
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE, REGIONS } from "../constants";
import { VALIDATION } from "../messages";

/** Room ids (cuid2 or UUID); the pattern keeps junk out of queries and channel names. */
export const chatIdField = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid id");

export const roomKindSchema = z.enum(["global", "user", "stranger", "direct"]);
export type RoomKind = z.infer<typeof roomKindSchema>;

export const roomIdInput = z.object({ roomId: chatIdField });
export type RoomIdInput = z.infer<typeof roomIdInput>;

export const chatUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** A room as the room list shows it (SPEC §3 "Room"). */
export const roomSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: roomKindSchema,
  ownerId: z.string().nullable(),
  isLocked: z.boolean(),
  avatar: z.string().nullable(),
  memberCount: z.number().int(),
  isMember: z.boolean(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

export const listRoomsOutput = z.object({ rooms: z.array(roomSummarySchema) });
export const joinRoomOutput = z.object({ message: z.string(), room: roomSummarySchema });
export const leaveRoomOutput = z.object({ message: z.string() });

export const roomMemberSchema = z.object({
  userId: z.string(),
  user: chatUserSchema.extend({ isAnonymous: z.boolean() }),
});
export type RoomMember = z.infer<typeof roomMemberSchema>;
export const listRoomMembersOutput = z.object({ members: z.array(roomMemberSchema) });

// Messages (SPEC §3 "Message", §5 "Messages").
export const messageContentField = z
  .string()
  .trim()
  .min(1, VALIDATION.messageEmpty)
  .max(MESSAGE_MAX_LENGTH, VALIDATION.messageTooLong);

export const sendMessageInput = z.object({ roomId: chatIdField, content: messageContentField });
export type SendMessageInput = z.infer<typeof sendMessageInput>;

export const chatMessageSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  content: z.string(),
  senderId: z.string(),
  sender: chatUserSchema,
  /** ISO 8601, the same on RPC results and realtime events. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const listMessagesOutput = z.object({
  /** The newest MESSAGE_PAGE_SIZE messages, oldest first. */
  messages: z.array(chatMessageSchema).max(MESSAGE_PAGE_SIZE),
});

// Stranger chat (SPEC §4 "Stranger matching status").
export const STRANGER_STATUSES = ["idle", "waiting", "matched"] as const;
export type StrangerStatus = (typeof STRANGER_STATUSES)[number];

export const regionField = z.enum(REGIONS);

export const findStrangerInput = z.object({ continent: regionField });
export const skipStrangerInput = z.object({
  roomId: chatIdField,
  continent: regionField,
  requeueOther: z.boolean(),
});
export type SkipStrangerInput = z.infer<typeof skipStrangerInput>;

export const strangerStatusOutput = z.object({ status: z.enum(STRANGER_STATUSES) });
export type StrangerStatusOutput = z.infer<typeof strangerStatusOutput>;

/** The payload of stranger_matched: the new one-to-one room and who is on the other side. */
export const strangerRoomSchema = z.object({
  id: z.string(),
  partner: chatUserSchema,
  continent: regionField,
});
export type StrangerRoom = z.infer<typeof strangerRoomSchema>;

export const ROOM_CLOSED_REASONS = ["left", "skipped", "disconnected"] as const;
export type RoomClosedReason = (typeof ROOM_CLOSED_REASONS)[number];
