import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type CursorKey, timestampKey } from "../../db/page";
import { follow, user, userBlock } from "../../db/schema";

/** Someone to block: their name for the toast; held so the account cannot go meanwhile. */
export async function personOf(tx: Database, userId: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
    .for("key share");
  return row ?? null;
}

/** Who this user blocked (ids only). */
export async function blockedBy(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userBlock.blockedId })
    .from(userBlock)
    .where(eq(userBlock.blockerId, userId));
  return rows.map((r) => r.id);
}

/** True when the block is new. */
export async function insertBlock(tx: Database, blockerId: string, blockedId: string) {
  const rows = await tx
    .insert(userBlock)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockerId: userBlock.blockerId });
  return rows.length > 0;
}

/** True when there was a block to lift. */
export async function deleteBlock(tx: Database, blockerId: string, blockedId: string) {
  const rows = await tx
    .delete(userBlock)
    .where(and(eq(userBlock.blockerId, blockerId), eq(userBlock.blockedId, blockedId)))
    .returning({ blockerId: userBlock.blockerId });
  return rows.length > 0;
}

/** Ends the follows between the two, both ways; returns who no longer follows whom. */
export async function deleteFollowsBetween(tx: Database, a: string, b: string) {
  return tx
    .delete(follow)
    .where(
      or(
        and(eq(follow.followerId, a), eq(follow.followingId, b)),
        and(eq(follow.followerId, b), eq(follow.followingId, a)),
      ),
    )
    .returning({ followerId: follow.followerId, followingId: follow.followingId });
}

/** The people a user blocked, the latest first, a page at a time. */
export function listBlocked(
  db: Database,
  params: { userId: string; limit: number; after: CursorKey | null },
) {
  const key = timestampKey(userBlock.createdAt);
  return db
    .select({
      id: user.id,
      name: user.name,
      image: user.image,
      blockedAt: userBlock.createdAt,
      key,
    })
    .from(userBlock)
    .innerJoin(user, eq(user.id, userBlock.blockedId))
    .where(
      and(
        eq(userBlock.blockerId, params.userId),
        // Newest first: the rows before the cursor in (created_at, id) order.
        params.after
          ? sql`(${key}, ${user.id}) < (${params.after[0]}, ${params.after[1]})`
          : undefined,
      ),
    )
    .orderBy(desc(userBlock.createdAt), desc(user.id))
    .limit(params.limit + 1);
}
