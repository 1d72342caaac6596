import { useQueryClient } from "@tanstack/react-query";
import { userChannel } from "@chatsphere/contract";
import { useChannel } from "@/lib/realtime/hooks";
import { refreshBlocks } from "../api";

/**
 * `blocks_changed` on the user's own channel: they blocked or unblocked someone, here or on
 * another device, and rooms hide (or show again) that person's messages at once. Mounted once
 * by the chat page, for guests too (they may block).
 */
export function useSafetyNotices(selfId: string) {
  const queryClient = useQueryClient();
  useChannel(userChannel(selfId), {
    onEvent: (frame) => {
      if (frame.event === "blocks_changed") void refreshBlocks(queryClient);
    },
  });
}
