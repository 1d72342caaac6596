import type { UserType } from "@chatsphere/contract";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";

export interface UserFilter {
  /** A part of the name, any case; empty or missing: every name. */
  name?: string;
  userType: UserType;
}

/** `%`, `_` and `\` stand for themselves in the name filter, not for LIKE's wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * The filter as a WHERE clause. The name test is written as `name ILIKE '%part%'` on the bare
 * column (with LIKE's default escape, `\`), the shape `user_name_trgm_idx` (pg_trgm,
 * gin_trgm_ops) serves: the planner reads the pattern's trigrams from the index and rechecks
 * the few rows they point at. A part shorter than three characters has no trigram to look up;
 * PostgreSQL then scans the table, which is what such a broad filter needs anyway.
 */
function whereOf(filter: UserFilter): SQL | undefined {
  const name = filter.name ? ilike(user.name, `%${escapeLike(filter.name)}%`) : undefined;
  const type =
    filter.userType === "all" ? undefined : eq(user.isAnonymous, filter.userType === "guest");
  return and(name, type);
}

/** How many users the filter matches: one count, on the trigram index when a name is given. */
export async function countUsers(db: Database, filter: UserFilter) {
  const [row] = await db.select({ n: count() }).from(user).where(whereOf(filter));
  return row?.n ?? 0;
}

/**
 * `limit` users from `offset`, newest first (created_at, then id, descending); or, with
 * `fromOldest`, counted from the other end and returned oldest first. The service reads a page
 * in the second half of the list from that end, so the last pages cost what the first do
 * instead of skipping almost every row (`user_created_at_idx` serves both directions).
 */
export function usersPage(
  db: Database,
  params: { filter: UserFilter; offset: number; limit: number; fromOldest: boolean },
) {
  const order = params.fromOldest
    ? [asc(user.createdAt), asc(user.id)]
    : [desc(user.createdAt), desc(user.id)];
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      isAnonymous: user.isAnonymous,
      banned: user.banned,
      role: user.role,
    })
    .from(user)
    .where(whereOf(params.filter))
    .orderBy(...order)
    .limit(params.limit)
    .offset(params.offset);
}
