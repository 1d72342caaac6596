import { useInfiniteQuery } from "@tanstack/react-query";
import { HeartHandshake, UserPlus, UsersRound } from "lucide-react";
import { useId } from "react";
import { TEXT, type ChatUser, type FollowList } from "@chatsphere/contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages } from "@/lib/pages";
import { followingQuery } from "../../api";
import { PersonRow } from "./person-row";

const SECTIONS: Record<FollowList, { title: string; icon: typeof UsersRound; empty: string }> = {
  mutual: { title: TEXT.mutualList, icon: HeartHandshake, empty: TEXT.noMutuals },
  following: { title: TEXT.followingList, icon: UserPlus, empty: TEXT.noFollowing },
  followers: { title: TEXT.followersList, icon: UsersRound, empty: TEXT.noFollowers },
};

/** One follow list, a page at a time; the badge counts those loaded, with a + while more follow. */
export function FollowSection({
  list,
  online,
  activeId,
  onOpen,
}: {
  list: FollowList;
  online: ReadonlySet<string>;
  activeId: string | null;
  onOpen(person: ChatUser): void;
}) {
  const { title, icon: Icon, empty } = SECTIONS[list];
  const headingId = useId();
  const query = useInfiniteQuery(followingQuery(list));
  const people = flattenPages(
    query.data?.pages,
    (page) => page[list],
    (person) => person.id,
  );
  return (
    <section
      className="flex min-w-0 flex-col rounded-2xl border bg-card"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="flex items-center gap-2 border-b px-4 py-3 font-semibold">
        <Icon className="size-4 text-primary" aria-hidden />
        {title}
        <Badge variant="secondary" className="ml-auto">
          {query.isPending ? "..." : `${people.length}${query.hasNextPage ? "+" : ""}`}
        </Badge>
      </h2>
      {query.isPending ? (
        <div className="grid gap-2 p-4">
          <Skeleton className="h-10 rounded-lg" />
          <Skeleton className="h-10 rounded-lg" />
        </div>
      ) : people.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="grid grid-cols-1 gap-2 pb-3">
          <ul className="grid grid-cols-1 gap-1 p-2 pb-0" aria-label={title}>
            {people.map((person) => (
              <PersonRow
                key={person.id}
                list={list}
                person={person}
                // Presence is only known, and only shown, for people you follow.
                online={person.isFollowing ? online.has(person.id) : null}
                active={person.id === activeId}
                onOpen={onOpen}
              />
            ))}
          </ul>
          <LoadMoreButton query={query} label={TEXT.loadMorePeople} />
        </div>
      )}
    </section>
  );
}
