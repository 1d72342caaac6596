import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_ERROR, CONTENT_VALIDATION, VALIDATION } from "@chatsphere/contract";
import { blog, blogTag } from "../src/db/schema";
import { contentSnapshot, publish, unique } from "./content-fixtures";
import { createTestServer, type TestServer, type TestUser } from "./harness";

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server.close());

const rowOf = async (id: string) => {
  const [row] = await server.runtime.services.db.select().from(blog).where(eq(blog.id, id));
  return row;
};

describe("admin.createBlog", () => {
  it("stores the post with its tags, authored by the caller whatever the payload says", async () => {
    const other = await server.signUp();
    const t1 = await admin.client.admin.createTag({ name: unique("t") });
    const t2 = await admin.client.admin.createTag({ name: unique("t") });
    const { id, slug } = await publish(admin, {
      authorId: other.id,
      slugLocked: true,
      tags: [{ id: t1.id }, { id: t2.id }, { id: t1.id }],
      tldr: "  short  ",
      imageUrl: "/files/blogs/1.png",
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      slug,
      authorId: admin.id,
      tldr: "short",
      imageUrl: "/files/blogs/1.png",
    });
    const links = await server.runtime.services.db
      .select()
      .from(blogTag)
      .where(eq(blogTag.blogId, id));
    expect(links.map((l) => l.tagId).sort()).toEqual([t1.id, t2.id].sort());
  });

  it("sanitizes the body before storing it", async () => {
    const { id } = await publish(admin, {
      body: '<h2 onclick="x()">Hi</h2><script>alert(1)</script><p>ok<img src=x onerror=alert(1)></p>',
    });
    expect((await rowOf(id))?.body).toBe("<h2>Hi</h2><p>ok</p>");
  });

  it("refuses a body with nothing left to read after sanitizing (400)", async () => {
    const before = await contentSnapshot(server);
    await expect(publish(admin, { body: "<script>alert(1)</script>" })).rejects.toMatchObject({
      status: 400,
      message: CONTENT_VALIDATION.bodyRequired,
    });
    const after = await contentSnapshot(server);
    expect(after.blogs).toBe(before.blogs);
  });

  it("refuses a duplicate slug with a clear 409, not a 500, and keeps the first post", async () => {
    const first = await publish(admin);
    const row = await rowOf(first.id);
    const before = await contentSnapshot(server);
    await expect(publish(admin, { slug: first.slug })).rejects.toMatchObject({
      status: 409,
      message: CONTENT_ERROR.duplicateSlug,
    });
    expect(await rowOf(first.id)).toEqual(row);
    const after = await contentSnapshot(server);
    expect({ blogs: after.blogs, blogTags: after.blogTags }).toEqual({
      blogs: before.blogs,
      blogTags: before.blogTags,
    });
  });

  it("gives the spec's messages for a bad slug and for no tags (400)", async () => {
    await expect(publish(admin, { slug: "Not Kebab" })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.slugKebab,
    });
    await expect(publish(admin, { tags: [] })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.tagRequired,
    });
  });

  it("refuses unknown categories and tags and writes nothing (one transaction)", async () => {
    const realTag = await admin.client.admin.createTag({ name: unique("t") });
    const before = await contentSnapshot(server);
    await expect(
      publish(admin, { categoryId: "zzzzzzzzzzzzzzzzzzzzzzzz", tags: [{ id: realTag.id }] }),
    ).rejects.toMatchObject({
      status: 400,
      message: CONTENT_ERROR.categoryNotFound,
    });
    const category = await admin.client.admin.createCategory({ name: unique("c") });
    await expect(
      publish(admin, {
        categoryId: category.id,
        tags: [{ id: realTag.id }, { id: "zzzzzzzzzzzzzzzzzzzzzzzz" }],
      }),
    ).rejects.toMatchObject({ status: 400, message: CONTENT_ERROR.tagsNotFound });
    const after = await contentSnapshot(server);
    expect({ ...after, categories: before.categories }).toEqual(before);
  });

  it("refuses visitors (401), guests and users (403) before reading the payload", async () => {
    const category = await admin.client.admin.createCategory({ name: unique("c") });
    const t = await admin.client.admin.createTag({ name: unique("t") });
    const input = {
      title: "Intruder",
      slug: unique("intruder"),
      body: "<p>x</p>",
      categoryId: category.id,
      tldr: "",
      excerpt: "",
      imageUrl: "",
      tags: [{ id: t.id }],
    };
    const guest = await server.signInAsGuest();
    const user = await server.signUp();
    const before = await contentSnapshot(server);
    await expect(server.client().admin.createBlog(input)).rejects.toMatchObject({ status: 401 });
    await expect(guest.client.admin.createBlog(input)).rejects.toMatchObject({ status: 403 });
    await expect(user.client.admin.createBlog(input)).rejects.toMatchObject({ status: 403 });
    // An invalid payload from a non-admin is still a 403: no validation details leak.
    await expect(
      user.client.admin.createBlog({ ...input, slug: "BAD SLUG" }),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(await contentSnapshot(server)).toEqual(before);
  });
});

describe("admin.deleteBlog", () => {
  it("deletes a post with its tag links and comments", async () => {
    const post = await publish(admin);
    const reader = await server.signUp();
    await reader.client.blog.createComment({ blogId: post.id, text: "Nice" });
    const before = await contentSnapshot(server);
    await expect(admin.client.admin.deleteBlog({ id: post.id })).resolves.toEqual({ id: post.id });
    const after = await contentSnapshot(server);
    expect(after.blogs).toBe(before.blogs - 1);
    expect(after.blogTags).toBe(before.blogTags - 1);
    expect(after.pending).toBe(before.pending - 1);
    await expect(server.client().blog.getBlog({ slug: post.slug })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("answers 404 for a post that does not exist and deletes nothing", async () => {
    const before = await contentSnapshot(server);
    await expect(
      admin.client.admin.deleteBlog({ id: "zzzzzzzzzzzzzzzzzzzzzzzz" }),
    ).rejects.toMatchObject({ status: 404, message: CONTENT_ERROR.blogNotFound });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("refuses visitors (401), guests and users (403) and deletes nothing", async () => {
    const post = await publish(admin);
    const guest = await server.signInAsGuest();
    const user = await server.signUp();
    const before = await contentSnapshot(server);
    await expect(server.client().admin.deleteBlog({ id: post.id })).rejects.toMatchObject({
      status: 401,
    });
    for (const caller of [guest, user]) {
      await expect(caller.client.admin.deleteBlog({ id: post.id })).rejects.toMatchObject({
        status: 403,
      });
    }
    expect(await contentSnapshot(server)).toEqual(before);
    expect(await rowOf(post.id)).toBeDefined();
  });
});
