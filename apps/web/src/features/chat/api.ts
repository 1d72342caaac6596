import { queryOptions } from "@tanstack/react-query";
import type { ChatMessage } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { mergeMessages } from "./merge-messages";

/**
 * A room's messages. A refetch merges into what is shown instead of replacing it: a message
 * that arrived as an event while the request was in flight stays on screen.
 */
export const messagesQuery = (roomId: string) =>
  queryOptions({
    queryKey: ["messages", roomId] as const,
    queryFn: async ({ client, queryKey }): Promise<{ messages: ChatMessage[] }> => {
      const fresh = await rpc.message.list({ roomId });
      const shown = client.getQueryData<{ messages: ChatMessage[] }>(queryKey)?.messages ?? [];
      return { messages: mergeMessages(fresh.messages, shown) };
    },
    staleTime: Infinity,
    // The conversation shows 'Failed to load chat history' itself (SPEC §8).
    meta: { silent: true },
  });

export const roomsQuery = () => orpc.room.listRooms.queryOptions();
export const ROOMS_KEY = orpc.room.listRooms.key();

export const membersQuery = (roomId: string) =>
  orpc.room.listRoomMembers.queryOptions({ input: { roomId } });

export const followingQuery = () => orpc.user.userFollowing.queryOptions();
