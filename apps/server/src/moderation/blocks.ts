import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { userBlock } from "../db/schema";

/*
 * Blocks as the rest of the server sees them (issue 14): follows refuse a blocked pair,
 * stranger matching never pairs one. Blocking itself is features/safety.
 */

/** Whether either of the two blocked the other. */
export async function isBlockedEitherWay(db: Database, a: string, b: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlock)
    .where(
      or(
        and(eq(userBlock.blockerId, a), eq(userBlock.blockedId, b)),
        and(eq(userBlock.blockerId, b), eq(userBlock.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}
