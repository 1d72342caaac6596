import { like } from "drizzle-orm";
import type { Database } from "../client";
import { user } from "../schema";
import { seedBlog } from "./blog";
import { DEMO_DOMAIN } from "./people";
import { seedPeople, seedRoomTalk } from "./chat";

export interface SeedResult {
  people: number;
  posts: number;
}

/** Seeds everything once; a database that already has the demo people is left alone (null). */
export async function seedDemoContent(db: Database): Promise<SeedResult | null> {
  const existing = await db
    .select({ id: user.id })
    .from(user)
    .where(like(user.email, `%@${DEMO_DOMAIN}`))
    .limit(1);
  if (existing.length > 0) return null;
  const people = await seedPeople(db);
  await seedRoomTalk(db, people);
  const posts = await seedBlog(db, people);
  return { people: people.length, posts };
}
