import { Link } from "@tanstack/react-router";
import { Heart, Shuffle, UsersRound } from "lucide-react";
import { TEXT, type ChatTab } from "@chatsphere/contract";
import { cn } from "@/lib/cn";

const TABS: { tab: ChatTab; label: string; icon: typeof Heart }[] = [
  { tab: "chat-rooms", label: TEXT.chatRoomsTab, icon: UsersRound },
  { tab: "stranger-chat", label: TEXT.strangerChatTab, icon: Shuffle },
  { tab: "following", label: TEXT.followingTab, icon: Heart },
];

/** The three chat modes (SPEC §2); the tab lives in the URL so links and reloads keep it. */
export function ChatTabs({ active }: { active: ChatTab }) {
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
          </Link>
        ))}
      </div>
    </nav>
  );
}
