import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Serialises what two people do to each other (follows and blocks, either direction) until the transaction ends, so that
 * of two people following each other at the same moment exactly one learns that the follow
 * became mutual: the second one's check runs after the first one's commit. A hash collision
 * between two pairs only makes them wait for each other.
 */
export async function lockPair(tx: Database, a: string, b: string) {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
