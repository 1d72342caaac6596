import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { roomChannel, TEXT } from "@chatsphere/contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useChannel } from "@/lib/realtime/hooks";
import { cn } from "@/lib/cn";
import { flattenPages } from "@/lib/pages";
import { membersQuery } from "../../api";
import { MemberActions } from "./member-actions";

/**
 * A room's members a page at a time (a global room can have thousands), online ones first
 * among those loaded (presence of the room channel); `total` is the room's member count.
 * Everyone gets a menu on each other member: Follow (registered members), Report and Block;
 * the owner Ban too.
 */
export function MembersPanel({
  roomId,
  selfId,
  total,
  canModerate,
}: {
  roomId: string;
  selfId: string;
  total: number;
  canModerate: boolean;
}) {
  const members = useInfiniteQuery(membersQuery(roomId));
  const { refetch } = members;
  const { presence } = useChannel(roomChannel(roomId), {
    // Someone banned is gone from the room: the list drops them at once for everyone else
    // (the banned user leaves the room, and could no longer read the list).
    onEvent: (frame) => {
      if (frame.event === "user_banned" && frame.payload.userId !== selfId) void refetch();
    },
  });
  const online = presence?.entries;
  const presentCount = presence?.count ?? 0;
  // Someone new showing up in presence is likely a new member: reload the list.
  useEffect(() => {
    if (presentCount > 0) void refetch();
  }, [presentCount, refetch]);

  if (members.isPending) {
    return (
      <div className="grid gap-3 p-4">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-9 rounded-lg" />
        ))}
      </div>
    );
  }
  const loaded = flattenPages(
    members.data?.pages,
    (page) => page.members,
    (m) => m.userId,
  );
  const list = loaded.sort(
    (a, b) => Number(online?.has(b.userId) ?? false) - Number(online?.has(a.userId) ?? false),
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1 p-3">
      <h3 className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {TEXT.membersHeading(Math.max(total, list.length))}
      </h3>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-1" aria-label={TEXT.membersList}>
        {list.map(({ userId, user }) => {
          const here = online?.has(userId) ?? false;
          const isSelf = userId === selfId;
          return (
            <li key={userId} className="flex items-center gap-3 rounded-lg px-2 py-1.5">
              <span className="relative">
                <UserAvatar name={user.name} image={user.image} className="size-8 text-xs" />
                <span
                  className={cn(
                    "absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-background",
                    here ? "bg-success" : "bg-muted-foreground/40",
                  )}
                  role="img"
                  aria-label={here ? TEXT.online : TEXT.offline}
                />
              </span>
              <span className="min-w-0 flex-1 truncate text-sm">
                {user.name}
                {isSelf ? <span className="text-muted-foreground"> {TEXT.you}</span> : null}
              </span>
              {user.isAnonymous ? <Badge variant="warning">{TEXT.guestBadge}</Badge> : null}
              {isSelf ? null : (
                <MemberActions
                  roomId={roomId}
                  member={{ userId, name: user.name }}
                  canBan={canModerate}
                  canFollow={!user.isAnonymous}
                />
              )}
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={members} label={TEXT.loadMoreMembers} />
    </div>
  );
}
