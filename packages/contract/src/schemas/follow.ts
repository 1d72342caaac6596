import { z } from "zod";
import { chatIdField } from "./chat";

/* Following (SPEC §4 "Follow", §6 guest follow attempt, §7 user.follow...). */

export const userIdInput = z.object({ userId: chatIdField });

export const followOutput = z.object({
  message: z.string(),
  /** The other person follows back: a direct chat is open to both now. */
  isMutual: z.boolean(),
});
export const unfollowOutput = z.object({ message: z.string() });
export const isFollowingOutput = z.boolean();

/**
 * A guest pressed Follow in a stranger chat: the other side is told
 * '{name} wants to follow you. Please link your account to connect.'
 */
export const followAttemptInput = z.object({ roomId: chatIdField });
export const followAttemptOutput = z.object({ message: z.string() });

/** Realtime payloads about follows (on `user:{id}`, and follow_attempt on `room:{id}`). */
export const followerSchema = z.object({ userId: z.string(), name: z.string() });
export type FollowEventPayload = z.infer<typeof followerSchema>;
