import { createId } from "@paralleldrive/cuid2";
import { CONTENT_ERROR } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { RateLimiter } from "../../rate-limit/rate-limiter";
import * as queries from "./queries";

const FEEDBACK_RATE = { window: 60, max: 5 };

interface Page {
  limit: number;
  offset: number;
}

const page = <T>(rows: T[], limit: number) => ({
  items: rows.slice(0, limit),
  hasMore: rows.length > limit,
});

export async function createFeedback(
  deps: { db: Database; rateLimiter: RateLimiter },
  params: { userId: string; message: string },
) {
  if (!(await deps.rateLimiter.hit(`feedback:${params.userId}`, FEEDBACK_RATE))) {
    throw new AppError("TOO_MANY_REQUESTS", CONTENT_ERROR.tooManyRequests);
  }
  const row = await queries.insertFeedback(deps.db, { id: createId(), ...params });
  if (!row) throw new Error("feedback insert returned nothing");
  return row;
}

export async function listOwnFeedbacks(db: Database, userId: string, input: Page) {
  const { items, hasMore } = page(await queries.listOwn(db, { userId, ...input }), input.limit);
  return { feedbacks: items, hasMore };
}

export async function listAllFeedbacks(db: Database, input: Page) {
  const { items, hasMore } = page(await queries.listAll(db, input), input.limit);
  return { feedbacks: items, hasMore };
}
