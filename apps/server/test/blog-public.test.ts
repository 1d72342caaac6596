import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE, CONTENT_ERROR } from "@chatsphere/contract";
import { blog } from "../src/db/schema";
import { publish, unique } from "./content-fixtures";
import { createTestServer, type TestServer, type TestUser } from "./harness";

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server.close());

const newestFirst = { field: "updatedAt", order: "desc" } as const;

/** Gives a post a fixed update time, so ordering tests do not depend on the clock. */
const touch = (id: string, updatedAt: Date) =>
  server.runtime.services.db.update(blog).set({ updatedAt }).where(eq(blog.id, id));

describe("blog.listBlogs", () => {
  it("is public and pages by updatedAt, newest first, saying when older posts exist", async () => {
    const ids: string[] = [];
    for (let i = 0; i < BLOG_PAGE_SIZE + 2; i++) {
      const post = await publish(admin, { title: `Paged ${i}`, slug: unique("paged") });
      await touch(post.id, new Date(Date.UTC(2030, 0, 1 + i)));
      ids.push(post.id);
    }
    const visitor = server.client();
    const first = await visitor.blog.listBlogs({
      limit: BLOG_PAGE_SIZE,
      offset: 0,
      sort: newestFirst,
    });
    expect(first.blogs).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.blogs[0]?.id).toBe(ids.at(-1));
    expect(first.hasMore).toBe(true);
    const dates = first.blogs.map((b) => b.updatedAt.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const all = await visitor.blog.listBlogs({ limit: 50, offset: 0, sort: newestFirst });
    const last = await visitor.blog.listBlogs({
      limit: BLOG_PAGE_SIZE,
      offset: all.blogs.length - 1,
      sort: newestFirst,
    });
    expect(last.blogs).toHaveLength(1);
    expect(last.hasMore).toBe(false);
  });

  it("summarises each post by excerpt, else TLDR, else the body's text, and names its category", async () => {
    const category = await admin.client.admin.createCategory({ name: unique("Guides") });
    const a = await publish(admin, {
      categoryId: category.id,
      excerpt: "The excerpt",
      tldr: "The tldr",
    });
    const b = await publish(admin, { tldr: "Only a tldr" });
    const c = await publish(admin, { body: "<h2>Intro</h2><p>Fish &amp; chips</p>" });
    const { blogs } = await server
      .client()
      .blog.listBlogs({ limit: 50, offset: 0, sort: newestFirst });
    const byId = new Map(blogs.map((row) => [row.id, row]));
    expect(byId.get(a.id)).toMatchObject({
      summary: "The excerpt",
      category: { name: category.name },
    });
    expect(byId.get(b.id)?.summary).toBe("Only a tldr");
    expect(byId.get(c.id)?.summary).toBe("Intro Fish & chips");
    expect(byId.get(a.id)).not.toHaveProperty("body");
  });

  it("caps the page size", async () => {
    await expect(
      server.client().blog.listBlogs({ limit: 1000, offset: 0, sort: newestFirst }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe("blog.getBlog and blog.listBlogTags", () => {
  it("returns the whole post with its category, author and tags to anyone", async () => {
    const tagA = await admin.client.admin.createTag({ name: unique("b-tag") });
    const tagB = await admin.client.admin.createTag({ name: unique("a-tag") });
    const post = await publish(admin, { tags: [{ id: tagA.id }, { id: tagB.id }], tldr: "tl" });
    const got = await server.client().blog.getBlog({ slug: post.slug });
    expect(got).toMatchObject({
      id: post.id,
      slug: post.slug,
      title: post.input.title,
      body: "<p>Hello <strong>readers</strong>.</p>",
      tldr: "tl",
      author: { name: expect.any(String) },
      category: { id: post.input.categoryId },
    });
    expect(got.tags.map((t) => t.id)).toEqual([tagB.id, tagA.id]);
    expect(got).not.toHaveProperty("authorId");
    await expect(server.client().blog.listBlogTags({ blogId: post.id })).resolves.toEqual(got.tags);
  });

  it("answers 'Blog not found' (404) for an unknown slug", async () => {
    await expect(server.client().blog.getBlog({ slug: "no-such-post" })).rejects.toMatchObject({
      status: 404,
      message: CONTENT_ERROR.blogNotFound,
    });
  });
});
