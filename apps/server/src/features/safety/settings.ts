import { eq } from "drizzle-orm";
import type { SafetySettings } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { safetySettings } from "../../db/schema";

/** What the user chose about strangers; the defaults until they change something. */
export async function getSettings(db: Database, userId: string): Promise<SafetySettings> {
  const [row] = await db
    .select({ strangerLinksOnTap: safetySettings.strangerLinksOnTap })
    .from(safetySettings)
    .where(eq(safetySettings.userId, userId));
  return { strangerLinksOnTap: row?.strangerLinksOnTap ?? false };
}

export async function updateSettings(db: Database, userId: string, input: SafetySettings) {
  await db
    .insert(safetySettings)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: safetySettings.userId, set: input });
  return getSettings(db, userId);
}
