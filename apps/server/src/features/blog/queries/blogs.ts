import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { ListBlogsInput } from "@chatsphere/contract";
import type { Database } from "../../../db/client";
import { blog, blogTag, category, tag, user } from "../../../db/schema";

/** A database or an open transaction: both run these queries. */
export type Db = Pick<Database, "select" | "insert" | "delete" | "update">;

/** Enough of the body to derive a card's summary without loading whole posts. */
const BODY_PREVIEW_CHARS = 1500;

const SORT_COLUMNS = {
  updatedAt: blog.updatedAt,
  createdAt: blog.createdAt,
  title: blog.title,
} as const;

/** One page of posts plus one row more, which tells whether an older page exists. */
export async function listBlogs(db: Db, params: ListBlogsInput) {
  const direction = params.sort.order === "asc" ? asc : desc;
  return db
    .select({
      id: blog.id,
      title: blog.title,
      slug: blog.slug,
      excerpt: blog.excerpt,
      tldr: blog.tldr,
      bodyStart: sql<string>`left(${blog.body}, ${BODY_PREVIEW_CHARS})`,
      imageUrl: blog.imageUrl,
      createdAt: blog.createdAt,
      updatedAt: blog.updatedAt,
      categoryName: category.name,
    })
    .from(blog)
    .innerJoin(category, eq(category.id, blog.categoryId))
    .orderBy(direction(SORT_COLUMNS[params.sort.field]), direction(blog.id))
    .limit(params.limit + 1)
    .offset(params.offset);
}

export async function findBlogBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: blog.id,
      title: blog.title,
      slug: blog.slug,
      body: blog.body,
      tldr: blog.tldr,
      excerpt: blog.excerpt,
      imageUrl: blog.imageUrl,
      createdAt: blog.createdAt,
      updatedAt: blog.updatedAt,
      category: { id: category.id, name: category.name },
      authorName: user.name,
    })
    .from(blog)
    .innerJoin(category, eq(category.id, blog.categoryId))
    .innerJoin(user, eq(user.id, blog.authorId))
    .where(eq(blog.slug, slug));
  return row ?? null;
}

export async function listTagsOfBlog(db: Db, blogId: string) {
  return db
    .select({ id: tag.id, name: tag.name })
    .from(blogTag)
    .innerJoin(tag, eq(tag.id, blogTag.tagId))
    .where(eq(blogTag.blogId, blogId))
    .orderBy(asc(sql`lower(${tag.name})`));
}

export async function slugTaken(db: Db, slug: string) {
  const [row] = await db.select({ id: blog.id }).from(blog).where(eq(blog.slug, slug)).limit(1);
  return Boolean(row);
}

export async function insertBlog(db: Db, values: typeof blog.$inferInsert, tagIds: string[]) {
  await db.insert(blog).values(values);
  await db.insert(blogTag).values(tagIds.map((tagId) => ({ blogId: values.id, tagId })));
}

/** Deletes a post (its tag links and comments cascade); returns what was removed. */
export async function deleteBlog(db: Db, id: string) {
  const [row] = await db
    .delete(blog)
    .where(eq(blog.id, id))
    .returning({ id: blog.id, imageUrl: blog.imageUrl, title: blog.title });
  return row ?? null;
}

export async function countBlogsUsingImage(db: Db, imageUrl: string) {
  const [row] = await db.select({ n: count() }).from(blog).where(eq(blog.imageUrl, imageUrl));
  return row?.n ?? 0;
}

/** Every post's address and date, newest first, within the sitemap protocol's limit. */
export async function listSitemapEntries(db: Db, limit: number) {
  return db
    .select({ slug: blog.slug, updatedAt: blog.updatedAt })
    .from(blog)
    .orderBy(desc(blog.updatedAt))
    .limit(limit);
}
