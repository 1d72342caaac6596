import { createId } from "@paralleldrive/cuid2";
import {
  CONTENT_ERROR,
  PENDING_COMMENTS_PAGE_SIZE,
  type CursorPageInput,
} from "@chatsphere/contract";
import { z } from "zod";
import type { Database } from "../../db/client";
import { decodeCursor, TIMESTAMP_KEY, toPage } from "../../db/page";
import { AppError } from "../../errors";
import type { RateLimiter } from "../../rate-limit/rate-limiter";
import { excerpt, recordAudit } from "../../moderation/audit-log";
import * as queries from "./queries";

/** Enough for a lively discussion, too little for a spam run. */
const COMMENT_RATE = { window: 60, max: 10 };

export async function listComments(
  db: Database,
  input: { blogId: string; limit: number; offset: number; sort: { order: "asc" | "desc" } },
) {
  const rows = await queries.listApproved(db, { ...input, order: input.sort.order });
  return { comments: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

/** A registered reader's comment; it stays hidden until an admin approves it (SPEC §4). */
export async function createComment(
  deps: { db: Database; rateLimiter: RateLimiter },
  params: { authorId: string; blogId: string; text: string },
) {
  if (!(await deps.rateLimiter.hit(`comment:${params.authorId}`, COMMENT_RATE))) {
    throw new AppError("TOO_MANY_REQUESTS", CONTENT_ERROR.tooManyRequests);
  }
  if (!(await queries.blogExists(deps.db, params.blogId))) {
    throw new AppError("NOT_FOUND", CONTENT_ERROR.blogNotFound);
  }
  const id = createId();
  await queries.insertComment(deps.db, { id, ...params });
  return { id, approved: false };
}

const pendingKey = z.tuple([z.string().regex(TIMESTAMP_KEY), z.string()]);

export async function listPendingComments(db: Database, page: CursorPageInput) {
  const limit = page?.limit ?? PENDING_COMMENTS_PAGE_SIZE;
  const after = decodeCursor(page?.cursor, pendingKey);
  const rows = await queries.listPending(db, { limit, after });
  const { items, nextCursor } = toPage(rows, limit, (c) => [c.createdKey, c.id]);
  return {
    comments: items.map(({ createdKey: _key, ...comment }) => comment),
    hasMore: nextCursor !== null,
    nextCursor,
  };
}

export async function approveComment(db: Database, id: string, adminId: string) {
  return db.transaction(async (tx) => {
    const row = await queries.approve(tx, id, new Date());
    if (!row?.approvedAt) throw new AppError("NOT_FOUND", CONTENT_ERROR.commentNotFound);
    if (row.approvedNow) {
      await recordAudit(tx, {
        adminId,
        action: "approveComment",
        targetId: row.id,
        target: excerpt(row.text),
      });
    }
    return { id: row.id, approvedAt: row.approvedAt };
  });
}
