import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { roomChannel } from "@chatsphere/contract";
import { useChannel } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { editRoomLists } from "../api";
import { withRoomPatched } from "../rooms/room-pages";

/**
 * Marks the first message of a burst read this long after it came: a busy room costs one
 * call a second at most, not one per message.
 */
const MARK_READ_DELAY_MS = 1_000;

/**
 * Keeps the open room read (its badge at 0): on opening it, and again shortly after new
 * messages from others arrive while it is open. Null: no room open.
 */
export function useMarkRoomRead(roomId: string | null, selfId: string) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const markRead = useCallback(
    (id: string) => {
      timer.current = null;
      editRoomLists(queryClient, (data) => withRoomPatched(data, id, { unreadCount: 0 }));
      // A failure only leaves a badge up until the next message or visit: nothing to tell.
      void rpc.room.markAsRead({ roomId: id }).catch(() => undefined);
    },
    [queryClient],
  );

  useEffect(() => {
    if (!roomId) return;
    markRead(roomId);
    return () => {
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
