import { Lock, UsersRound } from "lucide-react";
import { TEXT, type RoomSummary } from "@chatsphere/contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

/**
 * Global and user rooms, a page at a time with Load more under the list; a locked room is
 * greyed out for non-members and cannot be picked.
 */
export function RoomList({
  rooms,
  isLoading,
  pager,
  currentId,
  onSelect,
}: {
  rooms: RoomSummary[];
  isLoading: boolean;
  pager: Parameters<typeof LoadMoreButton>[0]["query"];
  currentId?: string;
  onSelect(roomId: string): void;
}) {
  if (isLoading) {
    return (
      <div className="grid gap-2 p-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  }
  if (rooms.length === 0) {
    return <p className="p-6 text-center text-sm text-muted-foreground">No rooms yet.</p>;
  }
  return (
    <div className="grid gap-2 pb-3">
      <ul className="grid gap-1 p-2 pb-0" aria-label="Rooms">
        {rooms.map((room) => {
          const locked = room.isLocked && !room.isMember;
          const active = room.id === currentId;
          return (
            <li key={room.id}>
              <button
                type="button"
                disabled={locked}
                aria-current={active || undefined}
                onClick={() => onSelect(room.id)}
                className={cn(
                  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-accent disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent",
                  active && "bg-accent",
                )}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-gradient text-sm font-semibold text-white">
                  {room.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{room.name}</span>
                  <span className="flex items-center gap-1 text-xs text-muted-foreground">
                    <UsersRound className="size-3" />
                    {room.memberCount} {room.memberCount === 1 ? "member" : "members"}
                    {room.kind === "global" ? " · Global" : ""}
                  </span>
                </span>
                {locked ? (
                  <Lock className="size-4 text-muted-foreground" aria-label="Locked" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={pager} label={TEXT.loadMoreRooms} />
    </div>
  );
}
