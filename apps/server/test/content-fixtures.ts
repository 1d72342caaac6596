import { readdirSync } from "node:fs";
import path from "node:path";
import { count, isNull, isNotNull } from "drizzle-orm";
import type { CreateBlogInput } from "@chatsphere/contract";
import { blog, blogTag, category, comment, feedback, tag } from "../src/db/schema";
import type { TestServer, TestUser } from "./harness";

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** Creates a category and a tag (unless given) and publishes a post through the API. */
export async function publish(admin: TestUser, overrides: Partial<CreateBlogInput> = {}) {
  const categoryId =
    overrides.categoryId ?? (await admin.client.admin.createCategory({ name: unique("Cat") })).id;
  const tags = overrides.tags ?? [
    { id: (await admin.client.admin.createTag({ name: unique("Tag") })).id },
  ];
  const title = overrides.title ?? unique("Post");
  const input: CreateBlogInput = {
    title,
    slug: overrides.slug ?? title.toLowerCase(),
    body: "<p>Hello <strong>readers</strong>.</p>",
    tldr: "",
    excerpt: "",
    imageUrl: "",
    ...overrides,
    categoryId,
    tags,
  };
  const created = await admin.client.admin.createBlog(input);
  return { ...created, input };
}

/** Row counts of every content table and the number of stored files: "nothing changed". */
export async function contentSnapshot(server: TestServer) {
  const db = server.runtime.services.db;
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const files = (() => {
    try {
      return readdirSync(path.join(server.dataDir, "files"), { recursive: true }).length;
    } catch {
      return 0;
    }
  })();
  return {
    blogs: await n(db.select({ n: count() }).from(blog)),
    blogTags: await n(db.select({ n: count() }).from(blogTag)),
    tags: await n(db.select({ n: count() }).from(tag)),
    categories: await n(db.select({ n: count() }).from(category)),
    pending: await n(db.select({ n: count() }).from(comment).where(isNull(comment.approvedAt))),
    approved: await n(db.select({ n: count() }).from(comment).where(isNotNull(comment.approvedAt))),
    feedbacks: await n(db.select({ n: count() }).from(feedback)),
    files,
  };
}

/** A tiny valid PNG (1x1, transparent). */
export const PNG_1X1 = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
