import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldBan } from "lucide-react";
import { toast } from "@/lib/toast";
import { SAFETY_TEXT, TOAST } from "@chatsphere/contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { UserAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatShortDate } from "@/lib/format-date";
import { flattenPages } from "@/lib/pages";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";
import { blockedUsersQuery } from "../api";

interface BlockedUser {
  id: string;
  name: string;
  image: string | null;
  blockedAt: string;
}

/** Everyone the user blocked (issue 14), newest first, each with Unblock. */
export function BlockedUsersCard() {
  const blocked = useInfiniteQuery(blockedUsersQuery());
  const users = flattenPages(
    blocked.data?.pages,
    (page) => page.users,
    (user) => user.id,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldBan className="size-5 text-muted-foreground" aria-hidden />{" "}
          {SAFETY_TEXT.blockedUsers}
        </CardTitle>
        <CardDescription>{SAFETY_TEXT.blockedUsersDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {blocked.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12 rounded-lg" />
            <Skeleton className="h-12 rounded-lg" />
          </div>
        ) : users.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {SAFETY_TEXT.noBlockedUsers}
          </p>
        ) : (
          <ul className="grid divide-y rounded-lg border" aria-label={SAFETY_TEXT.blockedUsers}>
            {users.map((user) => (
              <BlockedUserRow key={user.id} user={user} />
            ))}
          </ul>
        )}
        <LoadMoreButton query={blocked} label={SAFETY_TEXT.loadMoreBlocked} />
      </CardContent>
    </Card>
  );
}

function BlockedUserRow({ user }: { user: BlockedUser }) {
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => rpc.safety.unblock({ userId: user.id }),
    onSuccess: async ({ message }) => {
      toast.success(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orpc.safety.listBlocked.key() }),
        queryClient.invalidateQueries({ queryKey: orpc.safety.blockedIds.key() }),
      ]);
    },
    onError: (error) => toast.error(rpcErrorMessage(error, TOAST.genericError)),
  });
  return (
    <li className="flex items-center gap-3 px-3 py-2.5">
      <UserAvatar name={user.name} image={user.image} className="size-9 text-xs" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{user.name}</p>
        <p className="text-xs text-muted-foreground">
          {SAFETY_TEXT.blockedOn(formatShortDate(new Date(user.blockedAt)))}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        pending={unblock.isPending}
        onClick={() => unblock.mutate()}
      >
        {SAFETY_TEXT.unblock}
        <span className="sr-only"> {user.name}</span>
      </Button>
    </li>
  );
}
