import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId } from "react";
import { ADMIN_TOAST, USERS_TEXT, type UsersSearch } from "@chatsphere/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usersQueryOptions } from "../api";
import { UsersFooter } from "./users-footer";
import { UsersTable } from "./users-table";
import { UsersToolbar } from "./users-toolbar";

/**
 * Manage Users (SPEC §2). Every choice lives in the URL (page, limit, name, userType), so a
 * reload or a shared link shows the same page; the route validated them with the §5 fallbacks.
 */
export function UsersPage({ search }: { search: UsersSearch }) {
  const headingId = useId();
  const query = useQuery(usersQueryOptions(search));
  const navigate = useNavigate({ from: "/admin/dashboard/users" });
  /** A new filter or page size starts again at page 1. */
  const setFilters = (next: Partial<Omit<UsersSearch, "page">>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, page: 1 }) });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h1" id={headingId}>
          {USERS_TEXT.heading}
        </CardTitle>
        <CardDescription>{USERS_TEXT.subtitle}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <UsersToolbar search={search} users={query.data?.users} onFilter={setFilters} />
        <UsersTable
          labelledBy={headingId}
          users={query.data?.users}
          isLoading={query.isPending}
          isStale={query.isPlaceholderData}
          error={query.error ? ADMIN_TOAST.actionFailed(query.error.message) : undefined}
        />
        {query.data ? (
          <UsersFooter
            search={search}
            page={query.data}
            onLimit={(limit) => setFilters({ limit })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
