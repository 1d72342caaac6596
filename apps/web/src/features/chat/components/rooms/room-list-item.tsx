import { Lock, UsersRound } from "lucide-react";
import { useId } from "react";
import { TEXT, type RoomSummary } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import { formatLocalDateTime } from "@/lib/format-date";
import { formatActivityTime, isRoomSelectable, unreadBadgeText } from "../../rooms/room-display";

/**
 * One room in a list: avatar, name, last activity, member count and unread badge. A locked
 * room the user is not in stays focusable (aria-disabled rather than disabled) so a screen
 * reader can land on it and hear why it cannot be opened.
 */
export function RoomListItem({
  room,
  active,
  onSelect,
}: {
  room: RoomSummary;
  active: boolean;
  onSelect(roomId: string): void;
}) {
  const hintId = useId();
  const selectable = isRoomSelectable(room);
  const badge = unreadBadgeText(room.unreadCount);
  return (
    <li>
      <button
        type="button"
        aria-disabled={selectable ? undefined : true}
        aria-describedby={selectable ? undefined : hintId}
        aria-current={active ? "true" : undefined}
        onClick={selectable ? () => onSelect(room.id) : undefined}
        className={cn(
          "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent",
          active && "bg-accent",
        )}
      >
        <UserAvatar name={room.name} image={room.avatar} className="size-10 rounded-xl text-sm" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className="truncate text-sm font-medium">{room.name}</span>
            <time
              dateTime={room.lastActivityAt}
              title={formatLocalDateTime(new Date(room.lastActivityAt))}
              className="ml-auto shrink-0 text-xs text-muted-foreground"
            >
              {formatActivityTime(room.lastActivityAt)}
            </time>
          </span>
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <UsersRound className="size-3" aria-hidden />
            {TEXT.memberCount(room.memberCount)}
            {room.kind === "global" ? ` · ${TEXT.globalRoom}` : ""}
          </span>
        </span>
        {selectable ? null : (
          <>
            <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="sr-only">{TEXT.roomLocked}</span>
          </>
        )}
        {badge ? (
          <span className="min-w-5 shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-center text-[0.7rem] font-semibold text-primary-foreground">
            <span aria-hidden>{badge}</span>
            <span className="sr-only">{TEXT.unreadMessages(room.unreadCount)}</span>
          </span>
        ) : null}
      </button>
      {/* Hidden but still the button's description (a description may point at hidden text). */}
      {selectable ? null : (
        <span id={hintId} hidden>
          {TEXT.lockedRoomHint}
        </span>
      )}
    </li>
  );
}
