import { createId } from "@paralleldrive/cuid2";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimit } from "../db/schema";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

export interface RateLimiter {
  /** Counts one hit for `key`; false when the key is over its limit for the current window. */
  hit(key: string, rule: RateLimitRule): Promise<boolean>;
}

/**
 * Fixed-window counters in the same table better-auth uses, updated in one atomic upsert,
 * so the limit holds across every server process that shares the database.
 */
export function createRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, rule) {
      const now = Date.now();
      const windowStart = now - rule.window * 1000;
      const [row] = await db
        .insert(rateLimit)
        .values({ id: createId(), key: `app:${key}`, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
            lastRequest: sql`case when ${rateLimit.lastRequest} < ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
          },
        })
        .returning({ count: rateLimit.count });
      return (row?.count ?? 1) <= rule.max;
    },
  };
}
