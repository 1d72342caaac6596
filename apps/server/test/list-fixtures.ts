import { expect } from "vitest";
import type { Database } from "../src/db/client";
import { user } from "../src/db/schema";

let batch = 0;

/**
 * Inserts `count` registered users straight into the database (hundreds of sign-ups through
 * the API would be slow and trip the rate limits). Names sort in creation order.
 */
export async function insertUsers(db: Database, count: number, prefix: string) {
  const tag = `${Date.now().toString(36)}${++batch}`;
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${tag}-${i}`,
    name: `${prefix} ${tag} ${String(i).padStart(4, "0")}`,
    email: `${prefix}-${tag}-${i}@example.com`,
  }));
  await db.insert(user).values(rows);
  return rows.map((row) => row.id);
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Follows a list's cursors to the end and returns every row in order. Checks on the way that
 * no page is larger than `limit` and that every page with more behind it is full.
 */
export async function pageThrough<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  limit: number,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages <= 1000; pages++) {
    const page = await fetchPage(cursor);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    if (page.nextCursor === null) return { items, pages };
    expect(page.items).toHaveLength(limit);
    cursor = page.nextCursor;
  }
  throw new Error("paging did not end after 1000 pages");
}

/** The ids in order, after checking that none repeats. */
export function uniqueIds(rows: { id: string }[]): string[] {
  const ids = rows.map((row) => row.id);
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}

/** A cursor in the right alphabet that the server never handed out. */
export const FORGED_CURSOR = Buffer.from(JSON.stringify(["nope"])).toString("base64url");
