import { createId } from "@paralleldrive/cuid2";
import type { Database } from "../../db/client";
import { room } from "../../db/schema";

/** The system's rooms, open to every registered user from the first start on. */
export const GLOBAL_ROOMS = ["General", "Music", "Movies & TV", "Gaming", "Travel", "Tech Talk"];

/** Creates the global rooms that are missing; safe to run on every start, by many processes. */
export async function ensureGlobalRooms(db: Database): Promise<void> {
  await db
    .insert(room)
    .values(GLOBAL_ROOMS.map((name) => ({ id: createId(), name, kind: "global" as const })))
    .onConflictDoNothing();
}
