import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { follow, room, roomMember, user } from "../../db/schema";

/**
 * The person to follow, held (FOR KEY SHARE) so that their account cannot be deleted before
 * the follow row commits; null for an unknown or deleted user.
 */
export async function followTarget(tx: Database, userId: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name, isAnonymous: user.isAnonymous })
    .from(user)
    .where(eq(user.id, userId))
    .for("key share");
  return row ?? null;
}

/** True when the row is new (following someone twice changes nothing). */
export async function insertFollow(
  tx: Database,
  params: { followerId: string; followingId: string },
) {
  const rows = await tx
    .insert(follow)
    .values(params)
    .onConflictDoNothing()
    .returning({ followerId: follow.followerId });
  return rows.length > 0;
}

/** True when there was a follow to end. */
export async function deleteFollow(
  db: Database,
  params: { followerId: string; followingId: string },
) {
  const rows = await db
    .delete(follow)
    .where(
      and(eq(follow.followerId, params.followerId), eq(follow.followingId, params.followingId)),
    )
    .returning({ followerId: follow.followerId });
  return rows.length > 0;
}

export async function isFollowing(
  db: Database,
  params: { followerId: string; followingId: string },
) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(follow)
    .where(
      and(eq(follow.followerId, params.followerId), eq(follow.followingId, params.followingId)),
    );
  return Boolean(row);
}

/** The caller is in this stranger chat and it is still going on. */
export async function isInOpenStrangerRoom(
  db: Database,
  params: { roomId: string; userId: string },
) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(roomMember)
    .innerJoin(room, eq(room.id, roomMember.roomId))
    .where(
      and(
        eq(roomMember.roomId, params.roomId),
        eq(roomMember.userId, params.userId),
        eq(room.kind, "stranger"),
        isNull(room.closedAt),
      ),
    );
  return Boolean(row);
}
