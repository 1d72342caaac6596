import { createId } from "@paralleldrive/cuid2";
import {
  CONTENT_ERROR,
  CONTENT_VALIDATION,
  htmlHasText,
  MAX_PAGE_SIZE,
  type CreateBlogInput,
  type CursorPageInput,
} from "@chatsphere/contract";
import { z } from "zod";
import type { Database } from "../../db/client";
import { decodeCursor, toPage } from "../../db/page";
import { AppError, isUniqueViolation } from "../../errors";
import type { Logger } from "../../logger";
import { sanitizeBlogHtml } from "../../moderation/html";
import type { FileStorage } from "../../storage/storage";
import { recordAudit } from "../../moderation/audit-log";
import * as blogs from "./queries/blogs";
import * as taxonomy from "./queries/taxonomy";

const DUPLICATE_NAME = {
  tag: CONTENT_ERROR.duplicateTag,
  category: CONTENT_ERROR.duplicateCategory,
} as const;

const taxonomyKey = z.tuple([z.string(), z.string()]);

/**
 * A page of tags or categories; the largest page by default, because the blog editor's
 * pickers need every one (the web fetches pages until the last).
 */
export async function listTaxonomy(
  db: Database,
  kind: taxonomy.TaxonomyKind,
  page: CursorPageInput,
) {
  const limit = page?.limit ?? MAX_PAGE_SIZE;
  const after = decodeCursor(page?.cursor, taxonomyKey);
  const rows = await taxonomy.listTaxonomy(db, kind, { limit, after });
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.sortName, r.id]);
  return { items: items.map(({ id, name }) => ({ id, name })), nextCursor };
}

/** Names are unique ignoring case ('News' and 'news' are one tag); a clash is a 409. */
export async function createTaxonomy(db: Database, kind: taxonomy.TaxonomyKind, name: string) {
  try {
    const row = await taxonomy.insertTaxonomy(db, kind, { id: createId(), name });
    if (!row) throw new Error(`${kind} insert returned nothing`);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", DUPLICATE_NAME[kind]);
    throw error;
  }
}

/**
 * Publishes a post: the body is sanitized before anything is stored, the category and tags
 * must exist, and the post and its tag links are written in one transaction. The author is
 * the caller, whatever `authorId` the payload carries.
 */
export async function createBlog(db: Database, authorId: string, input: CreateBlogInput) {
  const body = sanitizeBlogHtml(input.body);
  if (!htmlHasText(body)) throw new AppError("BAD_REQUEST", CONTENT_VALIDATION.bodyRequired);
  const tagIds = [...new Set(input.tags.map((t) => t.id))];
  const id = createId();
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      if (await blogs.slugTaken(tx, input.slug)) {
        throw new AppError("CONFLICT", CONTENT_ERROR.duplicateSlug);
      }
      if (!(await taxonomy.categoryExists(tx, input.categoryId))) {
        throw new AppError("BAD_REQUEST", CONTENT_ERROR.categoryNotFound);
      }
      if ((await taxonomy.countTags(tx, tagIds)) !== tagIds.length) {
        throw new AppError("BAD_REQUEST", CONTENT_ERROR.tagsNotFound);
      }
      await blogs.insertBlog(
        tx,
        {
          id,
          title: input.title,
          slug: input.slug,
          body,
          tldr: input.tldr,
          excerpt: input.excerpt,
          imageUrl: input.imageUrl || null,
          authorId,
          categoryId: input.categoryId,
          createdAt: now,
          updatedAt: now,
        },
        tagIds,
      );
    });
  } catch (error) {
    // Two admins racing for one slug: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", CONTENT_ERROR.duplicateSlug);
    throw error;
  }
  return { id, slug: input.slug };
}

/** Deletes a post with its comments, then its uploaded image if no other post shows it. */
export async function deleteBlog(
  deps: { db: Database; storage: FileStorage; logger: Logger },
  id: string,
  adminId: string,
) {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await blogs.deleteBlog(tx, id);
    if (!row) throw new AppError("NOT_FOUND", CONTENT_ERROR.blogNotFound);
    await recordAudit(tx, { adminId, action: "deleteBlog", targetId: row.id, target: row.title });
    return row;
  });
  const key = removed.imageUrl ? deps.storage.keyOf(removed.imageUrl) : null;
  if (
    key &&
    removed.imageUrl &&
    (await blogs.countBlogsUsingImage(deps.db, removed.imageUrl)) === 0
  ) {
    await deps.storage
      .remove(key)
      .catch((error: unknown) => deps.logger.error(`blog: could not remove ${key}`, error));
  }
  return { id: removed.id };
}
