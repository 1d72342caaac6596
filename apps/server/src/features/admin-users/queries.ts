import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { session, user } from "../../db/schema";

/** A transaction (or the database): every function here runs inside the service's one. */
type Tx = Database;

/** Raw statements answer `{ rows }` on both drivers (PGlite, node-postgres). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The admins who are not banned, their rows locked (FOR NO KEY UPDATE, in id order) until the
 * transaction ends. Every ban and removal takes these locks first, so two of them never decide
 * on the same set of admins at once: the second re-reads the rows after the first commits and
 * no longer finds an admin the first banned or removed (two admins banning each other at the
 * same moment leave one admin, not none). The lock does not block foreign-key checks, so the
 * admins keep sending messages meanwhile.
 */
export async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, "admin"), eq(user.banned, false)))
    .orderBy(asc(user.id))
    .for("no key update");
  return rows.map((row) => row.id);
}

/** The account an action is about, locked for the rest of the transaction; null if none. */
export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name, role: user.role, banned: user.banned })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  return row ?? null;
}

/**
 * Bans or unbans, the way better-auth's admin plugin stores it (its sign-in hook reads
 * `banned` and `ban_expires`): no reason, no expiry.
 */
export async function setBanned(tx: Tx, userId: string, banned: boolean) {
  await tx
    .update(user)
    .set({ banned, banReason: null, banExpires: null, updatedAt: sql`now()` })
    .where(eq(user.id, userId));
}

export async function deleteSessionsOf(tx: Tx, userId: string) {
  await tx.delete(session).where(eq(session.userId, userId));
}
