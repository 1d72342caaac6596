import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";

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
