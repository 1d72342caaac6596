import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { roomChannel } from "@chatsphere/contract";
import { useChannel } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { editFollowLists, unreadSummaryQuery } from "../api";
import { withDirectChatPatched } from "../following/follow-pages";
import { withRoomRead } from "../following/unread-summary";

/** Marks the first message of a burst read this long after it came (one call a second at most). */
const MARK_READ_DELAY_MS = 1_000;

/** The direct chats open on this screen right now (the unread pushes leave them at 0). */
const roomsBeingRead = new Set<string>();
export const isBeingRead = (roomId: string) => roomsBeingRead.has(roomId);

/**
 * Keeps the open direct chat read (SPEC §4): on opening it, and again shortly after messages
 * from the other person arrive while it is open. The badge and the list drop its count at
 * once; the server then tells every other device (dm_unread). Null: no chat open.
 */
export function useMarkDirectChatRead(roomId: string | null, selfId: string) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const markRead = useCallback(
    (id: string) => {
      timer.current = null;
      queryClient.setQueryData(unreadSummaryQuery().queryKey, (old) => withRoomRead(old, id));
      editFollowLists(queryClient, (data) => withDirectChatPatched(data, id, { unreadCount: 0 }));
      // A failure only leaves a badge up until the next message or poll: nothing to tell.
      void rpc.dm.markAsRead({ roomId: id }).catch(() => undefined);
    },
    [queryClient],
  );

  useEffect(() => {
    if (!roomId) return;
    roomsBeingRead.add(roomId);
    markRead(roomId);
    return () => {
      roomsBeingRead.delete(roomId);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [roomId, markRead]);

  useChannel(roomId ? roomChannel(roomId) : null, {
    onEvent: (frame) => {
      if (frame.event !== "message" || frame.payload.senderId === selfId) return;
      if (timer.current) return;
      const id = frame.payload.roomId;
      timer.current = setTimeout(() => markRead(id), MARK_READ_DELAY_MS);
    },
  });
}
