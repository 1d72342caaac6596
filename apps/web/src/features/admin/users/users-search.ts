import {
  NAME_MAX_LENGTH,
  USERS_DEFAULT_PAGE_SIZE,
  USERS_MAX_PAGE_SIZE,
  type UsersSearch,
  type UserType,
} from "@chatsphere/contract";
import { oneOf, optionalInt } from "@/lib/search-params";

/*
 * The Manage Users page's search parameters with the fallbacks of SPEC §5 (page >= 1 else 1,
 * limit 1 to 50 else 10, userType else all). The contract's `usersSearchSchema` states the
 * same rules; validateSearch runs in the first-load bundle, where zod is not, so the route
 * uses this plain parser and users-search.test.ts checks that both agree. For the same reason
 * the types are listed here rather than imported from the schema's module (which would pull
 * zod into every page's first load); the test checks the list against USER_TYPES.
 */

export const USER_TYPE_OPTIONS = [
  "all",
  "guest",
  "non-guest",
] as const satisfies readonly UserType[];

export function parseUsersSearch(search: Record<string, unknown>): UsersSearch {
  const name = typeof search.name === "string" ? search.name.trim() : "";
  return {
    page: optionalInt(search.page) ?? 1,
    limit: optionalInt(search.limit, 1, USERS_MAX_PAGE_SIZE) ?? USERS_DEFAULT_PAGE_SIZE,
    name: name.length > 0 && name.length <= NAME_MAX_LENGTH ? name : undefined,
    userType: oneOf<UserType>(search.userType, USER_TYPE_OPTIONS, "all"),
  };
}

/** Defaults left out of the URL, so the plain page reads /admin/dashboard/users. */
export const USERS_SEARCH_DEFAULTS = {
  page: 1,
  limit: USERS_DEFAULT_PAGE_SIZE,
  userType: "all",
} as const satisfies Partial<UsersSearch>;

/** Clear is enabled only when a name or a type other than all is set (SPEC §2). */
export const hasUserFilters = (search: Pick<UsersSearch, "name" | "userType">) =>
  Boolean(search.name) || search.userType !== "all";

/** The server's input for a page of the list. */
export const listUsersInputOf = (search: UsersSearch) => ({
  page: search.page,
  limit: search.limit,
  filter: { name: search.name, userType: search.userType },
});
