import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "@/lib/toast";
import { TEXT, TOAST, userChannel } from "@chatsphere/contract";
import { useChannel } from "@/lib/realtime/hooks";
import {
  editFollowLists,
  refreshFollowLists,
  refreshFollowState,
  unreadSummaryQuery,
} from "../api";
import { withDirectChatPatched } from "../following/follow-pages";
import { withDmUnread, type DmUnreadEvent } from "../following/unread-summary";
import { isBeingRead } from "./use-mark-direct-chat-read";
import { openDirectChat } from "./use-open-direct-chat";

/**
 * What the user's own channel tells a signed-in user anywhere on the chat page: someone
 * followed them, a follow became mutual (with a way to open the chat) or ended, and unread
 * direct messages changed (on every device at once). Mounted once, by the chat page; null: a guest,
 * who can neither follow nor be followed.
 */
export function useUserNotices(selfId: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useChannel(selfId ? userChannel(selfId) : null, {
    onEvent: (frame) => {
      if (!selfId) return;
      if (frame.event === "follow_notification") {
        toast.info(TOAST.followedYou(frame.payload.name));
        void refreshFollowState(queryClient);
      } else if (frame.event === "mutual_follow_notification") {
        const { userId, name } = frame.payload;
        toast.success(TOAST.mutualFollow(name), {
          action: {
            label: TEXT.openChat,
            onClick: () => {
              openDirectChat(selfId, { id: userId, name, image: null });
              void navigate({ to: "/chat", search: { tab: "following" } });
            },
          },
        });
        void refreshFollowState(queryClient);
      } else if (frame.event === "unfollow_notification") {
        // Quietly: the lists and an open chat's composer show what changed.
        void refreshFollowState(queryClient);
      } else if (frame.event === "dm_unread") {
        void applyDmUnread(queryClient, frame.payload);
      }
    },
  });
}

async function applyDmUnread(queryClient: QueryClient, event: DmUnreadEvent) {
  const { queryKey } = unreadSummaryQuery();
  // A poll already on its way was answered before this push: it must not undo it.
  await queryClient.cancelQueries({ queryKey });
  const reading = isBeingRead(event.roomId);
  queryClient.setQueryData(queryKey, (old) => withDmUnread(old, event, reading));
  const unreadCount = reading ? 0 : event.unreadCount;
  editFollowLists(queryClient, (data) =>
    withDirectChatPatched(data, event.roomId, { unreadCount }),
  );
  // A new message changes the Mutual list's preview (or starts a chat it does not show yet).
  if (event.unreadCount > 0) await refreshFollowLists(queryClient);
}
