import { eq } from "drizzle-orm";
import type { RoomKind } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { room } from "../../db/schema";

/** A room's kind never changes: each process remembers the kinds of the rooms it has seen. */
const kinds = new Map<string, RoomKind>();
const MAX_REMEMBERED = 50_000;
/**
 * Lookups under way, so the first sends into a room share one query: after a restart, every
 * member of a busy room sends before the first answer is back (a thousand queries for 200
 * rooms in the bench's first second, each on the embedded default's event loop).
 */
const looking = new Map<string, Promise<RoomKind | null>>();

export function roomKindOf(db: Database, roomId: string): Promise<RoomKind | null> {
  const known = kinds.get(roomId);
  if (known) return Promise.resolve(known);
  let lookup = looking.get(roomId);
  if (!lookup) {
    lookup = lookUp(db, roomId).finally(() => looking.delete(roomId));
    looking.set(roomId, lookup);
  }
  return lookup;
}

async function lookUp(db: Database, roomId: string): Promise<RoomKind | null> {
  const [row] = await db.select({ kind: room.kind }).from(room).where(eq(room.id, roomId));
  if (!row) return null;
  if (kinds.size >= MAX_REMEMBERED) {
    const oldest = kinds.keys().next().value;
    if (oldest !== undefined) kinds.delete(oldest);
  }
  kinds.set(roomId, row.kind);
  return row.kind;
}

/** SPEC §5: room and direct messages pass the profanity filter; stranger chat does not. */
export const isFilteredKind = (kind: RoomKind | null) => kind !== null && kind !== "stranger";
