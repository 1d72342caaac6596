import { asc, desc, ilike, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../src/db/schema";
import {
  readMatchesFirst,
  usersPage,
  type UserFilter,
} from "../src/features/admin-users/list-queries";
import { insertAccounts } from "./admin-users-fixtures";
import { useTestServer } from "./harness";

/*
 * How admin.listUsers finds a page over many users (list-queries.ts): the two ways give the
 * same rows, the choice between them, and the counts shared between calls. A server of its
 * own: the kept counts would blur other files' totals.
 */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

const list = (name: string, page = 1, limit = 10) =>
  t.admin.client.admin.listUsers({ page, limit, filter: { name, userType: "all" } });

describe("a page of Manage Users", () => {
  it("is the same whether found by walking the order or by reading the matches, ties included", async () => {
    const prefix = `Way${Date.now().toString(36)}`;
    await insertAccounts(db(), { count: 40, prefix, isAnonymous: false });
    await insertAccounts(db(), { count: 9, prefix, isAnonymous: true });
    // Users created in the same instant: the id decides, the same way on both paths.
    await db().execute(sql`
      update ${user} set created_at = timestamptz '2026-01-01 12:00:00+00'
      where name like ${`${prefix} 1%`}`);
    const filter: UserFilter = { name: prefix.toLowerCase(), userType: "all" };
    const expected = await db()
      .select({ id: user.id })
      .from(user)
      .where(ilike(user.name, `%${prefix}%`))
      .orderBy(desc(user.createdAt), desc(user.id));
    expect(expected).toHaveLength(49);

    const limit = 7;
    for (const matchesFirst of [false, true]) {
      for (const fromOldest of [false, true]) {
        const seen: string[] = [];
        for (let offset = 0; offset < expected.length; offset += limit) {
          const rows = await usersPage(db(), { filter, offset, limit, fromOldest, matchesFirst });
          seen.push(...rows.map((r) => r.id));
        }
        const order = fromOldest ? [...expected].reverse() : expected;
        expect(seen, `matchesFirst ${matchesFirst}, fromOldest ${fromOldest}`).toEqual(
          order.map((r) => r.id),
        );
      }
    }
    // The user type narrows both ways alike.
    const guests = { ...filter, userType: "guest" as const };
    for (const matchesFirst of [false, true]) {
      const rows = await usersPage(db(), {
        filter: guests,
        offset: 0,
        limit: 50,
        fromOldest: false,
        matchesFirst,
      });
      expect(rows.map((r) => r.isAnonymous)).toEqual(Array(9).fill(true));
    }
    const oldestFirst = await db()
      .select({ id: user.id })
      .from(user)
      .where(ilike(user.name, `%${prefix}%`))
      .orderBy(asc(user.createdAt), asc(user.id));
    expect(oldestFirst.map((r) => r.id)).toEqual(expected.map((r) => r.id).reverse());
  });

  it("reads the matches first only when they are few and the name has trigrams", () => {
    const million = { range: 1_000_000, limit: 10 };
    // A full name: a handful of matches.
    expect(readMatchesFirst({ ...million, name: "Lars Wallace", matches: 8, skipped: 0 })).toBe(
      true,
    );
    // A rare surname, the middle page: reading 700 rows beats passing half a million entries.
    expect(readMatchesFirst({ ...million, name: "Okafor", matches: 721, skipped: 350 })).toBe(true);
    // A common fragment: the walk meets a match every ten entries.
    expect(readMatchesFirst({ ...million, name: "son", matches: 104_140, skipped: 0 })).toBe(false);
    expect(readMatchesFirst({ ...million, name: "son", matches: 104_140, skipped: 52_000 })).toBe(
      false,
    );
    // Two letters have no trigram to look up; no name, nothing to match.
    expect(readMatchesFirst({ ...million, name: "an", matches: 5, skipped: 0 })).toBe(false);
    expect(readMatchesFirst({ ...million, name: undefined, matches: 5, skipped: 0 })).toBe(false);
  });

  it("keeps a large count for a few seconds, a small one never; a removal forgets both", async () => {
    const small = `Few${Date.now().toString(36)}`;
    await insertAccounts(db(), { count: 3, prefix: small, isAnonymous: false });
    expect((await list(small)).total).toBe(3);
    await insertAccounts(db(), { count: 1, prefix: small, isAnonymous: false });
    expect((await list(small)).total).toBe(4);

    const large = `Many${Date.now().toString(36)}`;
    const ids = await insertAccounts(db(), { count: 10_001, prefix: large, isAnonymous: true });
    expect((await list(large)).total).toBe(10_001);
    await insertAccounts(db(), { count: 2, prefix: large, isAnonymous: true });
    // The pager of a thousand pages is not asked to count again on every page.
    const kept = await list(large, 500);
    expect(kept.total).toBe(10_001);
    expect(kept.users).toHaveLength(10);
    // Four admins typing the same fragment at once count it once, all with the same answer.
    const together = await Promise.all([1, 2, 3, 4].map((page) => list(large, page)));
    expect(together.map((a) => a.total)).toEqual([10_001, 10_001, 10_001, 10_001]);

    await t.admin.client.admin.removeUser({ userId: ids[0] ?? "" });
    expect((await list(large)).total).toBe(10_002);
    expect((await list(small)).total).toBe(4);
  });
});
