import type { UserType } from "@chatsphere/contract";
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";

/*
 * The reads of Manage Users over up to millions of users (measured in bench/admin).
 *
 * A page is found one of two ways, chosen from the exact number of matches:
 * - walking the order: `user_created_at_id_name_idx` (or, with a user type,
 *   `user_is_anonymous_created_at_id_name_idx`) holds every column the filter and the order
 *   need, so PostgreSQL walks it newest first (or oldest first for the second half), tests the
 *   name on the index entries without touching the table and stops after the page; the page's
 *   ten rows are then read by id. Cheap when matches are common (a few entries per match).
 * - reading the matches: the trigram index finds every match, which are sorted. Cheap when
 *   there are few (a full name, a rare surname), where a walk would pass a million entries.
 * The planner guesses the number of trigram matches from statistics and is often wrong by ten
 * times either way (a middle page of "son" took 540 ms on the trigram index where the walk
 * takes 190); here the count is exact, so the choice is made here, for this query only.
 */

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
 * the few rows they point at. A part shorter than three characters has no trigram to look up.
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

/** A count of more matches than this is kept a little while: Manage Users pages through it. */
const KEEP_COUNT_ABOVE = 10_000;
const KEEP_COUNT_MS = 10_000;
/** Filters kept per database at most (the oldest go first). */
const KEPT_FILTERS = 100;

interface KeptCount {
  at: number;
  settled: boolean;
  value: Promise<number>;
}

const keptCounts = new WeakMap<Database, Map<string, KeptCount>>();

/**
 * countUsers, shared: calls with the same filter while one is running wait for it, and a
 * count of more than KEEP_COUNT_ABOVE matches is reused for KEEP_COUNT_MS. Counting a broad
 * filter ("an": a quarter of a million users) tests every name, a few hundred milliseconds;
 * paging through its results, or four admins typing it, would pay that on every call. A count
 * kept that way may miss users who signed up in the meantime (a pager of thousands of pages
 * cannot tell); removals forget every kept count (forgetUserCounts). Small counts are cheap
 * and always exact.
 */
export function countUsersShared(db: Database, filter: UserFilter): Promise<number> {
  let kept = keptCounts.get(db);
  if (!kept) keptCounts.set(db, (kept = new Map()));
  const key = `${filter.userType}\u0000${filter.name ?? ""}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && (!hit.settled || now - hit.at < KEEP_COUNT_MS)) return hit.value;
  const entry: KeptCount = { at: now, settled: false, value: countUsers(db, filter) };
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > KEPT_FILTERS) kept.delete(kept.keys().next().value as string);
  const map = kept;
  entry.value.then(
    (n) => {
      entry.settled = true;
      if (n <= KEEP_COUNT_ABOVE && map.get(key) === entry) map.delete(key);
    },
    () => {
      if (map.get(key) === entry) map.delete(key);
    },
  );
  return entry.value;
}

/** Users were removed: the next counts are made afresh. */
export function forgetUserCounts(db: Database) {
  keptCounts.delete(db);
}

/** Reading one match from the table and rechecking it costs about this many index entries. */
const MATCH_COST_IN_ENTRIES = 12;

/**
 * Whether to read every match instead of walking the order. A walk passes about
 * `(skipped + limit) * range / matches` index entries (matches are spread evenly over the
 * order); reading the matches costs MATCH_COST_IN_ENTRIES per match. Only a name of three
 * characters or more has trigrams to find its matches with.
 */
export function readMatchesFirst(params: {
  name: string | undefined;
  matches: number;
  /** The users the walk goes through: every user, or every user of the type. */
  range: number;
  skipped: number;
  limit: number;
}) {
  const { name, matches, range, skipped, limit } = params;
  if (!name || name.length < 3 || matches === 0) return false;
  const walk = ((skipped + limit) * range) / matches;
  return matches * MATCH_COST_IN_ENTRIES < walk;
}

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  isAnonymous: user.isAnonymous,
  banned: user.banned,
  role: user.role,
};

/**
 * `limit` users from `offset`, newest first (created_at, then id, descending); or, with
 * `fromOldest`, counted from the other end and returned oldest first. The service reads a page
 * in the second half of the list from that end, so the last pages cost what the first do.
 * `matchesFirst` picks the way (readMatchesFirst); the setting holds for this transaction only.
 */
export function usersPage(
  db: Database,
  params: {
    filter: UserFilter;
    offset: number;
    limit: number;
    fromOldest: boolean;
    matchesFirst: boolean;
  },
) {
  const { filter, offset, limit, fromOldest, matchesFirst } = params;
  const by = fromOldest ? asc : desc;
  return db.transaction(async (tx) => {
    if (matchesFirst) {
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
      return tx
        .select(columns)
        .from(user)
        .where(whereOf(filter))
        .orderBy(by(user.createdAt), by(user.id))
        .limit(limit)
        .offset(offset);
    }
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const ids = await tx
      .select({ id: user.id })
      .from(user)
      .where(whereOf(filter))
      .orderBy(by(user.createdAt), by(user.id))
      .limit(limit)
      .offset(offset);
    if (ids.length === 0) return [];
    return tx
      .select(columns)
      .from(user)
      .where(
        inArray(
          user.id,
          ids.map((r) => r.id),
        ),
      )
      .orderBy(by(user.createdAt), by(user.id));
  });
}
