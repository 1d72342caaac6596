import { z } from "zod";
import { chatIdField, chatUserSchema } from "./chat";

/*
 * Direct messages between mutual followers (SPEC §3 "Direct chat room", "Unread summary",
 * "Latest direct message"; §4; §5 "at most 3 unanswered").
 */

export const otherUserInput = z.object({ otherUserId: chatIdField });

/** dm.getOrCreateChat: the pair's one room (the same for both, however often it is asked). */
export const directChatSchema = z.object({ id: z.string(), otherUser: chatUserSchema });
export type DirectChat = z.infer<typeof directChatSchema>;
export const getOrCreateChatOutput = z.object({ room: directChatSchema });

export const dmMarkAsReadOutput = z.object({ unreadCount: z.literal(0) });

/** dm.getUnreadSummary: per direct chat with unread messages, and their total. */
export const unreadSummarySchema = z.object({
  rooms: z.array(z.object({ roomId: z.string(), unreadCount: z.number().int().min(0) })),
  totalUnread: z.number().int().min(0),
});
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

/** dm.getLatestMessage: the newest message of the pair's chat (null: none yet). */
export const latestMessageOutput = z.object({
  content: z.string().nullable(),
  createdAt: z.string().nullable(),
  fromMe: z.boolean(),
});
export type LatestMessage = z.infer<typeof latestMessageOutput>;
