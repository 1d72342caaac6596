import { createId } from "@paralleldrive/cuid2";
import { describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE, PENDING_COMMENTS_PAGE_SIZE } from "@chatsphere/contract";
import { blog, category, comment, tag } from "../src/db/schema";
import { contentSnapshot } from "./content-fixtures";
import { useTestServer } from "./harness";
import { FORGED_CURSOR, pageThrough, uniqueIds } from "./list-fixtures";

const t = useTestServer({ withAdmin: true });

const db = () => t.server.runtime.services.db;
const ROWS = 2 * MAX_PAGE_SIZE + 5;

describe.each([
  { table: tag, key: "tags", list: "listTags" },
  { table: category, key: "categories", list: "listCategories" },
] as const)("admin.$list pages", ({ table, key, list }) => {
  it("returns every row exactly once, by name ignoring case, the largest page by default", async () => {
    // Mixed case, so the order is the database's lower(), not the byte order.
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      id: createId(),
      name: `${i % 2 ? "a" : "A"}${key} ${String(i).padStart(3, "0")}`,
    }));
    await db().insert(table).values(rows);
    const first = await t.admin.client.admin[list]();
    expect("tags" in first ? first.tags : first.categories).toHaveLength(MAX_PAGE_SIZE);

    const { items } = await pageThrough(async (cursor) => {
      const page = await t.admin.client.admin[list]({ limit: 40, cursor });
      return { items: "tags" in page ? page.tags : page.categories, nextCursor: page.nextCursor };
    }, 40);
    expect(uniqueIds(items)).toEqual(rows.map((row) => row.id));
  });

  it("refuses a limit over the maximum and a forged cursor (400) and stores nothing", async () => {
    const before = await contentSnapshot(t.server);
    for (const input of [{ limit: MAX_PAGE_SIZE + 1 }, { cursor: FORGED_CURSOR }]) {
      await expect(t.admin.client.admin[list](input)).rejects.toMatchObject({ status: 400 });
    }
    expect(await contentSnapshot(t.server)).toEqual(before);
  });
});

describe("admin.listPendingComments pages", () => {
  it("returns the queue oldest first, each comment once, even while the admin approves", async () => {
    const categoryId = createId();
    await db()
      .insert(category)
      .values({ id: categoryId, name: `Queue ${categoryId}` });
    const blogId = createId();
    await db()
      .insert(blog)
      .values({
        id: blogId,
        title: "Q",
        slug: `q-${blogId}`,
        body: "<p>q</p>",
        authorId: t.admin.id,
        categoryId,
      });
    // One timestamp for all: only the id orders them, the case a cursor must get right.
    const createdAt = new Date("2020-01-01T00:00:00Z");
    const ids = Array.from({ length: ROWS }, () => createId());
    await db()
      .insert(comment)
      .values(ids.map((id) => ({ id, blogId, authorId: t.admin.id, text: id, createdAt })));

    const first = await t.admin.client.admin.listPendingComments();
    expect(first.comments).toHaveLength(PENDING_COMMENTS_PAGE_SIZE);
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });

    const { items } = await pageThrough(async (cursor) => {
      const page = await t.admin.client.admin.listPendingComments({ limit: MAX_PAGE_SIZE, cursor });
      expect(page.hasMore).toBe(page.nextCursor !== null);
      // Approving what is shown empties the front of the queue; the next page starts after it.
      for (const { id } of page.comments.slice(0, 3))
        await t.admin.client.admin.approveComment({ id });
      return { items: page.comments, nextCursor: page.nextCursor };
    }, MAX_PAGE_SIZE);
    expect(uniqueIds(items.filter((c) => c.blog.slug === `q-${blogId}`))).toEqual([...ids].sort());
  });

  it("refuses a limit over the maximum and a forged cursor (400) and approves nothing", async () => {
    const before = await contentSnapshot(t.server);
    for (const input of [{ limit: MAX_PAGE_SIZE + 1 }, { cursor: FORGED_CURSOR }]) {
      await expect(t.admin.client.admin.listPendingComments(input)).rejects.toMatchObject({
        status: 400,
      });
    }
    expect(await contentSnapshot(t.server)).toEqual(before);
  });
});
