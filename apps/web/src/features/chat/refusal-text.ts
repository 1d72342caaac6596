import { PERMISSION, TOAST } from "@chatsphere/contract";
import { failureText } from "@/lib/rpc-error";

/*
 * Some refusals carry a text of the contract that says more than "failed": the direct-message
 * cap, or a follow that cannot be. Only those are shown word for word; any other server
 * message (an internal one) gives way to the spec's text for the action.
 */

/** The server's message when it is one of `known`, else null. */
export function knownRefusal(error: unknown, known: readonly string[]): string | null {
  return error instanceof Error && known.includes(error.message) ? error.message : null;
}

const SEND_REFUSALS: readonly string[] = [TOAST.dmLimit, PERMISSION.notMutual];

/** A direct chat's refusal of a message or a file: the 3-unanswered cap, a lost mutual follow. */
export const directChatRefusal = (error: unknown) => knownRefusal(error, SEND_REFUSALS);

/** The toast of a failed send: a direct chat's refusal, else §8's text. */
export const sendFailureText = (error: unknown) =>
  directChatRefusal(error) ?? failureText(error, TOAST.sendMessageFailed);

const FOLLOW_REFUSALS: readonly string[] = [
  PERMISSION.cannotFollowSelf,
  PERMISSION.cannotFollowGuest,
  PERMISSION.userNotFound,
];

/** Why a follow was refused, shown under 'Failed to follow user' (null: nothing to add). */
export const followRefusal = (error: unknown) => knownRefusal(error, FOLLOW_REFUSALS);
