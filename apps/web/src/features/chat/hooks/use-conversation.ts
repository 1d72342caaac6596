import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { roomChannel, TOAST, type ChatMessage } from "@chatsphere/contract";
import type { ChannelListener } from "@/lib/realtime/client";
import { useChannel } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { messagesQuery } from "../api";
import { mergeMessages } from "../merge-messages";

type MessagesData = { messages: ChatMessage[] };

/**
 * A room's conversation: its history (message.list), live messages from the room channel,
 * and sending. Each time the channel becomes ready (first time, after a reconnect) the
 * history is fetched again, so nothing said meanwhile is missed.
 */
export function useConversation(roomId: string, extra: ChannelListener = {}) {
  const queryClient = useQueryClient();
  const query = messagesQuery(roomId);
  const history = useQuery({ ...query, retry: 1 });
  const append = (messages: ChatMessage[]) =>
    queryClient.setQueryData<MessagesData>(query.queryKey, (old) => ({
      messages: mergeMessages(old?.messages ?? [], messages),
    }));

  const channel = useChannel(roomChannel(roomId), {
    ...extra,
    onEvent: (frame) => {
      if (frame.event === "message") append([frame.payload]);
      extra.onEvent?.(frame);
    },
  });

  const { refetch } = history;
  useEffect(() => {
    if (channel.ready) void refetch();
  }, [channel.ready, refetch]);

  useEffect(() => {
    if (history.isError) toast.error(TOAST.loadHistoryFailed);
  }, [history.isError]);

  const send = useMutation({
    mutationFn: (content: string) => rpc.message.send({ roomId, content }),
    onSuccess: (message) => append([message]),
    onError: () => toast.error(TOAST.sendMessageFailed),
  });

  return {
    messages: history.data?.messages ?? [],
    isLoading: history.isPending,
    channel,
    send,
  };
}
