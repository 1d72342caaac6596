import type { ChatMessage, SendMessageInput } from "@chatsphere/contract";
import { realtime } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";

/**
 * message.send over the tab's open socket when it can carry the call, else over HTTP
 * (decision 0032). Either way it is the same procedure: the same answer, and a refusal is the
 * same ORPCError, so callers show the same texts; a call lost with the socket has no status,
 * so sendWithRetry tries it again, with the same clientId, over whichever way is open then.
 */
export const sendMessage = (input: SendMessageInput): Promise<ChatMessage> =>
  realtime.call("message.send", input, () => rpc.message.send(input));
