import { TEXT, type ChatUser, type FollowList, type FollowUser } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import { formatLocalDateTime } from "@/lib/format-date";
import { latestPreview } from "../../following/message-preview";
import { formatActivityTime } from "../../rooms/room-display";
import { FollowButton } from "./follow-button";
import { UnreadPill } from "./unread-pill";

interface PersonRowProps {
  list: FollowList;
  person: FollowUser;
  /** Online or not; null where it is not shown (people you do not follow). */
  online: boolean | null;
  active: boolean;
  onOpen(person: ChatUser): void;
}

/**
 * One person. Under Mutual the whole row opens the chat, with the latest message, its time
 * and the unread count; elsewhere it shows the bio and a Follow back or Unfollow button.
 */
export function PersonRow({ list, person, online, active, onOpen }: PersonRowProps) {
  const avatar = <PersonAvatar person={person} online={online} />;
  if (list === "mutual") {
    const chat = person.directChat;
    const latest = chat?.latest ?? null;
    return (
      <li>
        <button
          type="button"
          aria-current={active ? "true" : undefined}
          onClick={() => onOpen({ id: person.id, name: person.name, image: person.image })}
          className={cn(
            "flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
            active && "bg-accent",
          )}
        >
          {avatar}
          <span className="min-w-0 flex-1">
            <span className="flex items-baseline gap-2">
              <span className="truncate text-sm font-medium">{person.name}</span>
              {latest ? (
                <time
                  dateTime={latest.createdAt}
                  title={formatLocalDateTime(new Date(latest.createdAt))}
                  className="ml-auto shrink-0 text-xs text-muted-foreground"
                >
                  {formatActivityTime(latest.createdAt)}
                </time>
              ) : null}
            </span>
            <span className="block truncate text-xs text-muted-foreground">
              {latestPreview(latest)}
            </span>
          </span>
          <UnreadPill count={chat?.unreadCount ?? 0} />
        </button>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-2">
      {avatar}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{person.name}</span>
        <span className="block truncate text-xs text-muted-foreground">
          {person.bio || TEXT.noBio}
        </span>
      </span>
      <FollowButton
        person={person}
        isFollowing={person.isFollowing}
        isFollower={person.isFollower}
        nameInLabel
      />
    </li>
  );
}

function PersonAvatar({ person, online }: { person: FollowUser; online: boolean | null }) {
  return (
    <span className="relative shrink-0">
      <UserAvatar name={person.name} image={person.image} className="size-9 text-xs" />
      {online === null ? null : (
        <span
          className={cn(
            "absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-card",
            online ? "bg-success" : "bg-muted-foreground/40",
          )}
          role="img"
          aria-label={online ? TEXT.online : TEXT.offline}
        />
      )}
    </span>
  );
}
