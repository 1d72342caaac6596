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

/** Everyone this user blocked or was blocked by: never to be matched with them. */
export async function blockedEitherWay(db: Database, userId: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select ${userBlock.blockedId} as id from ${userBlock} where ${userBlock.blockerId} = ${userId}
    union
    select ${userBlock.blockerId} from ${userBlock} where ${userBlock.blockedId} = ${userId}`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}
