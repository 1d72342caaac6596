import type { ChatTab } from "@chatsphere/contract";
import type { SessionData } from "@/lib/auth-client";
import { cn } from "@/lib/cn";
import { ChatTabs } from "./components/chat-tabs";
import { FollowingTab } from "./components/following/following-tab";
import { LinkAccountDialog } from "./components/link-account-dialog";
import { RoomsTab } from "./components/rooms/rooms-tab";
import { StrangerTab } from "./components/stranger/stranger-tab";
import { useWelcome, WelcomeDialog } from "./components/welcome-dialog";
import { useRealtimeUpkeep } from "./hooks/use-realtime-upkeep";
import { useSafetyNotices } from "./hooks/use-safety-notices";
import { useUserNotices } from "./hooks/use-user-notices";

/**
 * The chat screen (SPEC §2): three tabs under the header, filling the rest of the window.
 * The stranger tab stays mounted while another tab shows, so a running chat survives a look
 * at the rooms.
 */
export function ChatPage({
  session,
  tab,
  roomId,
}: {
  session: SessionData;
  tab: ChatTab;
  roomId?: string;
}) {
  const { user } = session;
  useRealtimeUpkeep(user.id);
  const guest = Boolean(user.isAnonymous);
  useUserNotices(guest ? null : user.id);
  useSafetyNotices(user.id);
  const self = { id: user.id, name: user.name };
  const welcome = useWelcome();
  return (
    <div className="flex h-[calc(100dvh-4rem)] flex-col">
      <ChatTabs active={tab} showUnread={!guest} />
      <div className="min-h-0 flex-1">
        <div className={cn("h-full", tab !== "stranger-chat" && "hidden")}>
          <StrangerTab self={self} />
        </div>
        {tab === "chat-rooms" && !guest ? <RoomsTab self={self} roomId={roomId} /> : null}
        {tab === "following" && !guest ? <FollowingTab self={self} /> : null}
        {tab !== "stranger-chat" && guest ? <GuestPlaceholder /> : null}
      </div>
      {/* One modal at a time: the house rules first, then what a guest may not open. */}
      {tab !== "stranger-chat" && guest && welcome.accepted ? <LinkAccountDialog /> : null}
      <WelcomeDialog open={!welcome.accepted} onAccept={welcome.accept} />
    </div>
  );
}

function GuestPlaceholder() {
  return <div className="h-full bg-muted/30" aria-hidden />;
}
