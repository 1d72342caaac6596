import { useId } from "react";
import { type RoomSummary } from "@chatsphere/contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { Skeleton } from "@/components/ui/skeleton";
import { RoomListItem } from "./room-list-item";

/**
 * One labelled section of rooms ("Your rooms", "All rooms"), a page at a time with Load more
 * under it.
 */
export function RoomList({
  heading,
  rooms,
  isLoading,
  pager,
  loadMoreLabel,
  emptyText,
  currentId,
  onSelect,
}: {
  heading: string;
  rooms: RoomSummary[];
  isLoading: boolean;
  pager: Parameters<typeof LoadMoreButton>[0]["query"];
  loadMoreLabel: string;
  emptyText: string;
  currentId?: string;
  onSelect(roomId: string): void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-1">
      <h3
        id={headingId}
        className="px-4 pt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {heading}
      </h3>
      {isLoading ? (
        <div className="grid gap-2 px-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-14 rounded-xl" />
          ))}
        </div>
      ) : rooms.length === 0 ? (
        <p className="px-4 py-2 text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-1 px-2" aria-labelledby={headingId}>
          {rooms.map((room) => (
            <RoomListItem
              key={room.id}
              room={room}
              active={room.id === currentId}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton query={pager} label={loadMoreLabel} />
    </section>
  );
}
