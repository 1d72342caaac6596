import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_PAGE_SIZE, CONTENT_ERROR, PERMISSION, VALIDATION } from "@chatsphere/contract";
import { comment } from "../src/db/schema";
import { contentSnapshot, publish } from "./content-fixtures";
import { createTestServer, type TestServer, type TestUser } from "./harness";

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server.close());

const newestFirst = { field: "createdAt", order: "desc" } as const;
const page = (blogId: string, offset = 0) => ({
  blogId,
  limit: COMMENT_PAGE_SIZE,
  offset,
  sort: newestFirst,
});

describe("blog.createComment", () => {
  it("stores a registered reader's comment as pending, hidden from the public list", async () => {
    const post = await publish(admin);
    const reader = await server.signUp();
    await expect(
      reader.client.blog.createComment({ blogId: post.id, text: "  Great post!  " }),
    ).resolves.toEqual({ id: expect.any(String), approved: false });
    const [row] = await server.runtime.services.db
      .select()
      .from(comment)
      .where(eq(comment.blogId, post.id));
    expect(row).toMatchObject({ text: "Great post!", authorId: reader.id, approvedAt: null });
    const { comments } = await server.client().blog.listComments(page(post.id));
    expect(comments).toEqual([]);
  });

  it("refuses an empty comment with the spec's message (400) and stores nothing", async () => {
    const post = await publish(admin);
    const reader = await server.signUp();
    const before = await contentSnapshot(server);
    await expect(
      reader.client.blog.createComment({ blogId: post.id, text: " \n " }),
    ).rejects.toMatchObject({ status: 400, message: VALIDATION.commentEmpty });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("answers 404 for a post that does not exist and stores nothing", async () => {
    const reader = await server.signUp();
    const before = await contentSnapshot(server);
    await expect(
      reader.client.blog.createComment({ blogId: "zzzzzzzzzzzzzzzzzzzzzzzz", text: "hi" }),
    ).rejects.toMatchObject({ status: 404, message: CONTENT_ERROR.blogNotFound });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("refuses visitors (401) and guests (403) and stores nothing", async () => {
    const post = await publish(admin);
    const guest = await server.signInAsGuest();
    const before = await contentSnapshot(server);
    await expect(
      server.client().blog.createComment({ blogId: post.id, text: "hi" }),
    ).rejects.toMatchObject({ status: 401, message: PERMISSION.unauthorized });
    await expect(
      guest.client.blog.createComment({ blogId: post.id, text: "hi" }),
    ).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.guestsNotAllowed,
    });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("limits how fast one reader can comment (429)", async () => {
    const post = await publish(admin);
    const reader = await server.signUp();
    const results: number[] = [];
    for (let i = 0; i < 11; i++) {
      results.push(
        await reader.client.blog
          .createComment({ blogId: post.id, text: `c${i}` })
          .then(() => 200)
          .catch((error: { status: number }) => error.status),
      );
    }
    expect(results.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(results[10]).toBe(429);
    const stored = await server.runtime.services.db
      .select()
      .from(comment)
      .where(eq(comment.authorId, reader.id));
    // The eleventh, refused, comment (c10) was not stored.
    expect(stored.map((c) => c.text).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `c${i}`).sort(),
    );
  });
});

describe("moderation: admin.listPendingComments and admin.approveComment", () => {
  it("lists pending comments oldest first with author and post, then approval makes them public", async () => {
    const post = await publish(admin);
    const reader = await server.signUp();
    const first = await reader.client.blog.createComment({ blogId: post.id, text: "first" });
    const second = await reader.client.blog.createComment({ blogId: post.id, text: "second" });
    const pending = await admin.client.admin.listPendingComments();
    const mine = pending.comments.filter((c) => c.blog.slug === post.slug);
    expect(mine.map((c) => c.text)).toEqual(["first", "second"]);
    expect(mine[0]).toMatchObject({
      author: { name: expect.any(String), image: null },
      blog: { title: post.input.title },
    });

    const approved = await admin.client.admin.approveComment({ id: first.id });
    expect(approved).toEqual({ id: first.id, approvedAt: expect.any(Date) });
    const again = await admin.client.admin.approveComment({ id: first.id });
    expect(again.approvedAt).toEqual(approved.approvedAt);

    const publicList = await server.client().blog.listComments(page(post.id));
    expect(publicList.comments.map((c) => c.id)).toEqual([first.id]);
    expect(publicList.comments[0]).not.toHaveProperty("authorId");
    const stillPending = await admin.client.admin.listPendingComments();
    expect(stillPending.comments.map((c) => c.id)).toContain(second.id);
    expect(stillPending.comments.map((c) => c.id)).not.toContain(first.id);
  });

  it("answers 404 for a comment that does not exist and approves nothing", async () => {
    const before = await contentSnapshot(server);
    await expect(
      admin.client.admin.approveComment({ id: "zzzzzzzzzzzzzzzzzzzzzzzz" }),
    ).rejects.toMatchObject({ status: 404, message: CONTENT_ERROR.commentNotFound });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("refuses visitors (401), guests and users (403) and approves nothing", async () => {
    const post = await publish(admin);
    const reader = await server.signUp();
    const { id } = await reader.client.blog.createComment({ blogId: post.id, text: "wait" });
    const guest = await server.signInAsGuest();
    const before = await contentSnapshot(server);
    await expect(server.client().admin.approveComment({ id })).rejects.toMatchObject({
      status: 401,
    });
    await expect(server.client().admin.listPendingComments()).rejects.toMatchObject({
      status: 401,
    });
    for (const caller of [guest, reader]) {
      await expect(caller.client.admin.approveComment({ id })).rejects.toMatchObject({
        status: 403,
      });
      await expect(caller.client.admin.listPendingComments()).rejects.toMatchObject({
        status: 403,
      });
    }
    expect(await contentSnapshot(server)).toEqual(before);
  });
});

describe("blog.listComments", () => {
  it("pages approved comments newest first, 10 at a time", async () => {
    const post = await publish(admin);
    const ids: string[] = [];
    for (let i = 0; i < COMMENT_PAGE_SIZE + 1; i++) {
      const reader = await server.signUp();
      const { id } = await reader.client.blog.createComment({ blogId: post.id, text: `n${i}` });
      await server.runtime.services.db
        .update(comment)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)), approvedAt: new Date() })
        .where(eq(comment.id, id));
      ids.push(id);
    }
    const first = await server.client().blog.listComments(page(post.id));
    expect(first.comments.map((c) => c.id)).toEqual(ids.slice(1).reverse());
    expect(first.hasMore).toBe(true);
    const second = await server.client().blog.listComments(page(post.id, COMMENT_PAGE_SIZE));
    expect(second.comments.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.hasMore).toBe(false);
  });
});
