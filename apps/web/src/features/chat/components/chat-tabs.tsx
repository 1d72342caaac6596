import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Heart, Shuffle, UsersRound } from "lucide-react";
import { TEXT, type ChatTab } from "@chatsphere/contract";
import { cn } from "@/lib/cn";
import { unreadSummaryQuery } from "../api";
import { UnreadPill } from "./following/unread-pill";

const TABS: { tab: ChatTab; label: string; icon: typeof Heart }[] = [
  { tab: "chat-rooms", label: TEXT.chatRoomsTab, icon: UsersRound },
  { tab: "stranger-chat", label: TEXT.strangerChatTab, icon: Shuffle },
  { tab: "following", label: TEXT.followingTab, icon: Heart },
];

/**
 * The three chat modes (SPEC §2); the tab lives in the URL so links and reloads keep it. The
 * Following tab carries the unread direct messages (`showUnread`: registered users), polled
 * here and kept current between polls by the pushes of use-user-notices.
 */
export function ChatTabs({ active, showUnread }: { active: ChatTab; showUnread: boolean }) {
  const summary = useQuery({ ...unreadSummaryQuery(), enabled: showUnread });
  const unread = showUnread ? (summary.data?.totalUnread ?? 0) : 0;
  return (
    <nav aria-label="Chat modes" className="border-b bg-background/60 px-2 backdrop-blur">
      <div role="tablist" className="mx-auto flex max-w-md gap-1 py-2">
        {TABS.map(({ tab, label, icon: Icon }) => (
          <Link
            key={tab}
            to="/chat"
            search={{ tab }}
            role="tab"
            aria-selected={tab === active}
            className={cn(
              "flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 py-2 text-xs font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground sm:gap-2 sm:px-3 sm:text-sm",
              tab === active && "bg-accent text-foreground shadow-xs",
            )}
          >
            <Icon className="hidden size-4 shrink-0 sm:block" />
            <span className="truncate">{label}</span>
            {tab === "following" ? <UnreadPill count={unread} /> : null}
          </Link>
        ))}
      </div>
    </nav>
  );
}
