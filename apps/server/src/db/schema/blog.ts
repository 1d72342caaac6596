import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The public blog: categories and tags (names unique ignoring case), posts with their tag
 * links, reader comments (hidden until `approvedAt` is set) and users' feedback. Ids are cuid2.
 */
export const category = pgTable(
  "category",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("category_name_lower_uq").on(sql`lower(${t.name})`)],
);

export const tag = pgTable(
  "tag",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tag_name_lower_uq").on(sql`lower(${t.name})`)],
);

export const blog = pgTable(
  "blog",
  {
    id: text().primaryKey(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    /** Sanitized HTML (moderation/html.ts), never the raw input. */
    body: text().notNull(),
    tldr: text().notNull().default(""),
    excerpt: text().notNull().default(""),
    imageUrl: text(),
    authorId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // A category in use cannot be removed from under its posts.
    categoryId: text()
      .notNull()
      .references(() => category.id, { onDelete: "restrict" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_updated_at_idx").on(t.updatedAt.desc(), t.id),
    index("blog_category_idx").on(t.categoryId),
    index("blog_author_idx").on(t.authorId),
  ],
);

export const blogTag = pgTable(
  "blog_tag",
  {
    blogId: text()
      .notNull()
      .references(() => blog.id, { onDelete: "cascade" }),
    tagId: text()
      .notNull()
      .references(() => tag.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.tagId] }), index("blog_tag_tag_idx").on(t.tagId)],
);

export const comment = pgTable(
  "comment",
  {
    id: text().primaryKey(),
    blogId: text()
      .notNull()
      .references(() => blog.id, { onDelete: "cascade" }),
    authorId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null while pending; readers see a comment only once an admin has approved it. */
    approvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("comment_blog_approved_idx")
      .on(t.blogId, t.createdAt.desc())
      .where(sql`${t.approvedAt} is not null`),
    index("comment_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.approvedAt} is null`),
    index("comment_author_idx").on(t.authorId),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feedback_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("feedback_created_idx").on(t.createdAt.desc()),
  ],
);
