import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FOLLOW_LISTS,
  FOLLOW_PAGE_SIZE,
  MAX_PAGE_SIZE,
  VALIDATION,
  type FollowList,
} from "@chatsphere/contract";
import { follow } from "../src/db/schema";
import { createTestServer, type TestServer, type TestUser } from "./harness";
import { FORGED_CURSOR, insertUsers, pageThrough, uniqueIds } from "./list-fixtures";

let server: TestServer;
let ann: TestUser;
/** Whom ann follows and who follows her; the first MUTUAL of each are the same people. */
let following: string[];
let followers: string[];
const MUTUAL = 25;

beforeAll(async () => {
  server = await createTestServer();
  ann = await server.signUp();
  const db = server.runtime.services.db;
  const both = await insertUsers(db, MUTUAL, "both");
  following = [...both, ...(await insertUsers(db, MAX_PAGE_SIZE + 11, "followed"))];
  followers = [...both, ...(await insertUsers(db, MAX_PAGE_SIZE + 4, "follower"))];
  await db
    .insert(follow)
    .values([
      ...following.map((id) => ({ followerId: ann.id, followingId: id })),
      ...followers.map((id) => ({ followerId: id, followingId: ann.id })),
    ]);
});
afterAll(() => server.close());

const followCount = async () =>
  (await server.runtime.services.db.select({ n: count() }).from(follow))[0]?.n;

describe("user.userFollowing pages", () => {
  it("answers a call without input with the first page of each list and where each goes on", async () => {
    const lists = await ann.client.user.userFollowing();
    for (const list of FOLLOW_LISTS) {
      expect(lists[list]).toHaveLength(FOLLOW_PAGE_SIZE);
      expect(lists.nextCursors[list]).toEqual(expect.any(String));
    }
  });

  it.each([
    { list: "mutual", expected: () => following.slice(0, MUTUAL) },
    { list: "following", expected: () => following },
    { list: "followers", expected: () => followers },
  ] satisfies { list: FollowList; expected: () => string[] }[])(
    "returns every person of $list exactly once, in name order, with the right flags",
    async ({ list, expected }) => {
      const { items } = await pageThrough(async (cursor) => {
        const page = await ann.client.user.userFollowing({ list, limit: MAX_PAGE_SIZE, cursor });
        const others = FOLLOW_LISTS.filter((other) => other !== list);
        // A page of one list leaves the other two empty.
        for (const other of others) expect(page[other]).toEqual([]);
        return { items: page[list], nextCursor: page.nextCursors[list] };
      }, MAX_PAGE_SIZE);
      expect(uniqueIds(items)).toEqual(expected());
      for (const person of items) {
        const isFollowing = following.includes(person.id);
        const isFollower = followers.includes(person.id);
        expect(person).toMatchObject({
          isFollowing,
          isFollower,
          isMutual: isFollowing && isFollower,
        });
      }
    },
  );

  it("refuses another list's cursor, a forged cursor and a limit over the maximum (400), changing nothing", async () => {
    const before = await followCount();
    const { nextCursors } = await ann.client.user.userFollowing({ list: "following" });
    const cursor = nextCursors.following ?? undefined;
    await expect(
      ann.client.user.userFollowing({ list: "followers", cursor }),
    ).rejects.toMatchObject({ status: 400, message: VALIDATION.invalidPageCursor });
    for (const input of [{ cursor: FORGED_CURSOR }, { limit: MAX_PAGE_SIZE + 1 }]) {
      await expect(ann.client.user.userFollowing(input)).rejects.toMatchObject({ status: 400 });
    }
    expect(await followCount()).toBe(before);
  });

  it("follows a cursor's own list when no list is named", async () => {
    const { nextCursors } = await ann.client.user.userFollowing({ list: "followers" });
    const next = await ann.client.user.userFollowing({ cursor: nextCursors.followers ?? "" });
    expect(next.followers.map((p) => p.id)).toEqual(
      followers.slice(FOLLOW_PAGE_SIZE, 2 * FOLLOW_PAGE_SIZE),
    );
    expect([next.mutual, next.following]).toEqual([[], []]);
  });
});
