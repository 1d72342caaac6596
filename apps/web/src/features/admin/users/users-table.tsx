import { USERS_SKELETON_ROWS, USERS_TEXT, type AdminUser } from "@chatsphere/contract";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { UserRowMenu } from "./user-row-menu";

interface UsersTableProps {
  /** The page heading's id: the table is named after it. */
  labelledBy: string;
  users: AdminUser[] | undefined;
  /** Nothing to show yet: the 10-row skeleton. */
  isLoading: boolean;
  /** The previous page's rows, kept on screen while the next page loads. */
  isStale: boolean;
  /** Why the list could not be loaded, when it could not (the toast offers Retry). */
  error?: string;
}

const cellClass = "px-3 py-3 align-middle sm:px-4";

/** Name (or 'N/A', the e-mail below, badges) and Actions; 'No results.' when empty. */
export function UsersTable({ labelledBy, users, isLoading, isStale, error }: UsersTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table
        aria-labelledby={labelledBy}
        className={cn("w-full text-sm transition-opacity", isStale && "opacity-60")}
        aria-busy={isLoading || isStale || undefined}
      >
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className={cn(cellClass, "py-2.5 font-medium")}>
              {USERS_TEXT.nameColumn}
            </th>
            <th scope="col" className={cn(cellClass, "w-16 py-2.5 text-right font-medium")}>
              {USERS_TEXT.actionsColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {!users && error ? (
            <tr>
              <td colSpan={2} className="h-24 px-4 text-center text-destructive">
                {error}
              </td>
            </tr>
          ) : isLoading || !users ? (
            <SkeletonRows />
          ) : users.length === 0 ? (
            <tr>
              <td colSpan={2} className="h-24 px-4 text-center text-muted-foreground">
                {USERS_TEXT.noResults}
              </td>
            </tr>
          ) : (
            users.map((user) => <UserRow key={user.id} user={user} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const name = user.name.trim() || USERS_TEXT.noName;
  return (
    <tr className="border-b transition-colors last:border-b-0 hover:bg-muted/40">
      <td className={cn(cellClass, "max-w-0")}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className={cn("font-medium break-all", !user.name.trim() && "text-muted-foreground")}
          >
            {name}
          </span>
          {user.isAnonymous ? <Badge variant="secondary">{USERS_TEXT.guestBadge}</Badge> : null}
          {user.role === "admin" ? <Badge>{USERS_TEXT.adminBadge}</Badge> : null}
          {user.banned ? <Badge variant="destructive">{USERS_TEXT.bannedBadge}</Badge> : null}
        </div>
        {user.email ? (
          <div className="mt-0.5 text-xs break-all text-muted-foreground">{user.email}</div>
        ) : null}
      </td>
      <td className={cn(cellClass, "text-right")}>
        <UserRowMenu user={user} displayName={name} />
      </td>
    </tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: USERS_SKELETON_ROWS }, (_, index) => (
    <tr key={index} className="border-b last:border-b-0" data-testid="user-skeleton-row">
      <td className={cellClass}>
        <Skeleton className="h-4 w-40 max-w-full" />
        <Skeleton className="mt-2 h-3 w-56 max-w-full" />
      </td>
      <td className={cn(cellClass, "text-right")}>
        <Skeleton className="ml-auto size-8 rounded-md" />
      </td>
    </tr>
  ));
}
