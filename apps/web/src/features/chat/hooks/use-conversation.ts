import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { roomChannel, TOAST, type ChatMessage } from "@chatsphere/contract";
import type { ChannelListener } from "@/lib/realtime/client";
import { useChannel } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { messagesQuery } from "../api";
import { withEarlier, withMessages, withoutMessage } from "../history-sync";
import { useMediaUploads } from "../media/use-media-uploads";
import { sendFailureText } from "../refusal-text";
import { sendMessage } from "../send-message";
import { newClientId, sendWithRetry } from "../send-retry";

/**
 * A room's conversation: its history (message.list), live messages from the room channel,
 * and sending. Each time the channel becomes ready (first time, after a reconnect) the
 * history catches up on every page after the newest one held, so nothing said meanwhile is
 * missed; everything merges by id, so nothing shows twice. Files (photos, videos, voice
 * notes) go through `uploads`: uploaded, then sent as a message like text.
 */
export function useConversation(roomId: string, extra: ChannelListener = {}) {
  const queryClient = useQueryClient();
  const query = messagesQuery(roomId);
  const history = useQuery({ ...query, retry: 1 });
  const append = (messages: ChatMessage[]) =>
    queryClient.setQueryData(query.queryKey, (old) => withMessages(old, messages));

  const channel = useChannel(roomChannel(roomId), {
    ...extra,
    onEvent: (frame) => {
      if (frame.event === "message") append([frame.payload]);
      // An admin deleted a reported message: it leaves every open copy of the room at once.
      if (frame.event === "message_deleted" && frame.payload.roomId === roomId) {
        queryClient.setQueryData(query.queryKey, (old) =>
          withoutMessage(old, frame.payload.messageId),
        );
      }
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

  // The clientId of a send that failed: sending the same text again is the same message, so
  // if the lost attempt was stored after all, the server answers with it instead of a copy.
  const unsent = useRef<{ content: string; clientId: string } | null>(null);
  const send = useMutation({
    mutationFn: (content: string) => {
      const clientId =
        unsent.current?.content === content ? unsent.current.clientId : newClientId();
      unsent.current = { content, clientId };
      return sendWithRetry(() => sendMessage({ roomId, content, clientId }));
    },
    onSuccess: (message) => {
      unsent.current = null;
      append([message]);
    },
    // The direct-message cap and a lost mutual follow say so in the contract's words.
    onError: (error) => toast.error(sendFailureText(error)),
  });

  const uploads = useMediaUploads(roomId, (message) => append([message]));

  const loadEarlier = useMutation({
    mutationFn: async () => {
      const oldest = queryClient.getQueryData(query.queryKey)?.oldest;
      return oldest ? rpc.message.list({ roomId, before: oldest }) : null;
    },
    onSuccess: (page) => {
      if (!page) return;
      queryClient.setQueryData(query.queryKey, (old) => old && withEarlier(old, page));
    },
    onError: () => toast.error(TOAST.loadHistoryFailed),
  });

  return {
    messages: history.data?.messages ?? [],
    isLoading: history.isPending,
    hasOlder: history.data?.hasOlder ?? false,
    loadEarlier,
    channel,
    send,
    uploads,
  };
}
