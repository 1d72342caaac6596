import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { after, timestampKey, type CursorKey } from "../../db/page";
import { blog, comment, user } from "../../db/schema";

const commentColumns = {
  id: comment.id,
  text: comment.text,
  createdAt: comment.createdAt,
  author: { name: user.name, image: user.image },
};

/** A post's approved comments (never pending ones), one row more than asked. */
export async function listApproved(
  db: Database,
  params: { blogId: string; limit: number; offset: number; order: "asc" | "desc" },
) {
  const direction = params.order === "asc" ? asc : desc;
  return db
    .select(commentColumns)
    .from(comment)
    .innerJoin(user, eq(user.id, comment.authorId))
    .where(and(eq(comment.blogId, params.blogId), isNotNull(comment.approvedAt)))
    .orderBy(direction(comment.createdAt), direction(comment.id))
    .limit(params.limit + 1)
    .offset(params.offset);
}

export async function blogExists(db: Database, blogId: string) {
  const [row] = await db.select({ id: blog.id }).from(blog).where(eq(blog.id, blogId));
  return Boolean(row);
}

export async function insertComment(
  db: Database,
  values: { id: string; blogId: string; authorId: string; text: string },
) {
  await db.insert(comment).values(values);
}

/**
 * The moderation queue, oldest first, after the key (createdAt, id) of the last comment
 * shown, one row more than asked. Approving shifts nothing: the next page starts after a key.
 */
export async function listPending(
  db: Database,
  params: { limit: number; after: CursorKey | null },
) {
  return db
    .select({
      ...commentColumns,
      blog: { title: blog.title, slug: blog.slug },
      createdKey: timestampKey(comment.createdAt),
    })
    .from(comment)
    .innerJoin(user, eq(user.id, comment.authorId))
    .innerJoin(blog, eq(blog.id, comment.blogId))
    .where(and(isNull(comment.approvedAt), after([comment.createdAt, comment.id], params.after)))
    .orderBy(asc(comment.createdAt), asc(comment.id))
    .limit(params.limit + 1);
}

/**
 * Approves a pending comment; an approved one keeps its first approval time. `approvedNow`
 * says whether this call approved it (the audit log records only that one).
 */
export async function approve(db: Database, id: string, now: Date) {
  const columns = { id: comment.id, approvedAt: comment.approvedAt, text: comment.text };
  const [updated] = await db
    .update(comment)
    .set({ approvedAt: now })
    .where(and(eq(comment.id, id), isNull(comment.approvedAt)))
    .returning(columns);
  if (updated) return { ...updated, approvedNow: true };
  const [existing] = await db.select(columns).from(comment).where(eq(comment.id, id));
  return existing ? { ...existing, approvedNow: false } : null;
}
