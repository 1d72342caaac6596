import type { FollowList } from "@chatsphere/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { after, type CursorKey } from "../../db/page";
import { follow, user } from "../../db/schema";

export async function findBio(db: Database, userId: string) {
  const [row] = await db.select({ bio: user.bio }).from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function updateProfile(
  db: Database,
  params: { userId: string; name: string; bio: string },
) {
  const [row] = await db
    .update(user)
    .set({ name: params.name, bio: params.bio, updatedAt: new Date() })
    .where(eq(user.id, params.userId))
    .returning({ name: user.name, bio: user.bio });
  return row ?? null;
}

export async function emailExists(db: Database, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** Whether `me` follows the person of the outer row, and whether they follow `me`. */
const relations = (me: string) => ({
  iFollow: sql<boolean>`exists (select 1 from ${follow} where ${follow.followerId} = ${me} and ${follow.followingId} = ${user.id})`,
  followsMe: sql<boolean>`exists (select 1 from ${follow} where ${follow.followerId} = ${user.id} and ${follow.followingId} = ${me})`,
});

/**
 * A page of one of the caller's follow lists, by name, after the key (name, id) of the last
 * person shown, one row extra. The scope is `userId` on the caller's side of each relation.
 */
export function listFollows(
  db: Database,
  params: { userId: string; list: FollowList; limit: number; after: CursorKey | null },
) {
  const { iFollow, followsMe } = relations(params.userId);
  const scope = {
    following: iFollow,
    followers: followsMe,
    mutual: and(iFollow, followsMe),
  }[params.list];
  return db
    .select({
      id: user.id,
      name: user.name,
      bio: user.bio,
      image: user.image,
      isFollowing: iFollow,
      isFollower: followsMe,
    })
    .from(user)
    .where(and(scope, after([user.name, user.id], params.after)))
    .orderBy(asc(user.name), asc(user.id))
    .limit(params.limit + 1);
}
