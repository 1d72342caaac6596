import { createFileRoute, stripSearchParams, type SearchSchemaInput } from "@tanstack/react-router";
import type { UsersSearch } from "@chatsphere/contract";
import { usersQueryOptions } from "@/features/admin/api";
import { UsersPage } from "@/features/admin/users/users-page";
import { parseUsersSearch, USERS_SEARCH_DEFAULTS } from "@/features/admin/users/users-search";

export const Route = createFileRoute("/admin/_admin/dashboard/users")({
  validateSearch: (search: Partial<UsersSearch> & SearchSchemaInput) => parseUsersSearch(search),
  search: { middlewares: [stripSearchParams(USERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton, or keeps the previous rows, while the list
  // loads; a pager link hovered before the click fetches its page early.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(usersQueryOptions(deps));
  },
  component: UsersRoute,
});

function UsersRoute() {
  return <UsersPage search={Route.useSearch()} />;
}
