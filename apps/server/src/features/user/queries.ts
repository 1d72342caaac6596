import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
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

const person = {
  id: user.id,
  name: user.name,
  email: user.email,
  bio: user.bio,
  image: user.image,
};

/** The people `userId` follows (scope: the caller is the follower). */
export function listFollowing(db: Database, params: { userId: string }) {
  return db
    .select(person)
    .from(follow)
    .innerJoin(user, eq(user.id, follow.followingId))
    .where(eq(follow.followerId, params.userId))
    .orderBy(asc(user.name));
}

/** The people who follow `userId` (scope: the caller is the one followed). */
export function listFollowers(db: Database, params: { userId: string }) {
  return db
    .select(person)
    .from(follow)
    .innerJoin(user, eq(user.id, follow.followerId))
    .where(eq(follow.followingId, params.userId))
    .orderBy(asc(user.name));
}
