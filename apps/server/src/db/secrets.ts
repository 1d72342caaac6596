import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { appSecret } from "./schema";

/**
 * Returns the named secret, creating it on first use. It lives in the database (under
 * DATA_DIR with the embedded default) so every process sharing the database signs sessions
 * with the same key; the insert-or-keep makes concurrent first starts agree.
 */
export async function getOrCreateSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appSecret)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecret.value })
    .from(appSecret)
    .where(eq(appSecret.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
