import { useInfiniteQuery } from "@tanstack/react-query";
import { HeartHandshake, UserPlus, UsersRound } from "lucide-react";
import { FOLLOWING_CHANNEL, TEXT, type FollowUser } from "@chatsphere/contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useChannel } from "@/lib/realtime/hooks";
import { cn } from "@/lib/cn";
import { flattenPages } from "@/lib/pages";
import { followingQuery } from "../../api";

const SECTIONS = [
  {
    key: "mutual",
    title: "Mutual",
    icon: HeartHandshake,
    empty:
      "No mutual follows yet. When someone you follow follows you back, you can message them directly.",
  },
  {
    key: "following",
    title: "Following",
    icon: UserPlus,
    empty: "You're not following anyone yet. Follow people you meet in chats to find them here.",
  },
  {
    key: "followers",
    title: "Followers",
    icon: UsersRound,
    empty: "Nobody follows you yet.",
  },
] as const;

/** The people you follow and who follow you; a green dot marks who is here right now. */
export function FollowingTab() {
  const { presence } = useChannel(FOLLOWING_CHANNEL);
  const isOnline = (id: string) => presence?.entries.has(id) ?? false;
  return (
    <div
      className="h-full overflow-y-auto"
      tabIndex={0}
      role="region"
      aria-label="People you follow"
    >
      <div className="mx-auto grid max-w-5xl gap-4 p-4 sm:p-6 lg:grid-cols-3">
        {SECTIONS.map((section) => (
          <FollowSection key={section.key} section={section} isOnline={isOnline} />
        ))}
      </div>
    </div>
  );
}

/** One list, a page at a time; the badge counts those loaded, with a + while more follow. */
function FollowSection({
  section: { key, title, icon: Icon, empty },
  isOnline,
}: {
  section: (typeof SECTIONS)[number];
  isOnline: (id: string) => boolean;
}) {
  const query = useInfiniteQuery(followingQuery(key));
  const people = flattenPages(
    query.data?.pages,
    (page) => page[key],
    (person) => person.id,
  );
  return (
    <section className="flex flex-col rounded-2xl border bg-card" aria-label={title}>
      <h2 className="flex items-center gap-2 border-b px-4 py-3 font-semibold">
        <Icon className="size-4 text-primary" />
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
        <div className="grid gap-2 pb-3">
          <ul className="grid gap-1 p-2 pb-0">
            {people.map((person) => (
              <Person key={person.id} person={person} online={isOnline(person.id)} />
            ))}
          </ul>
          <LoadMoreButton query={query} label={TEXT.loadMorePeople} />
        </div>
      )}
    </section>
  );
}

function Person({ person, online }: { person: FollowUser; online: boolean }) {
  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-2">
      <span className="relative">
        <UserAvatar name={person.name} image={person.image} className="size-9 text-xs" />
        <span
          className={cn(
            "absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-card",
            online ? "bg-success" : "bg-muted-foreground/40",
          )}
          role="img"
          aria-label={online ? "Online" : "Offline"}
        />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{person.name}</span>
        <span className="block truncate text-xs text-muted-foreground">
          {person.bio || "No bio yet"}
        </span>
      </span>
      {person.isMutual ? <Badge variant="secondary">Mutual</Badge> : null}
    </li>
  );
}
