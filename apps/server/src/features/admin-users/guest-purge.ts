import { ADMIN_ERROR } from "@chatsphere/contract";
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAudit } from "../../moderation/audit-log";
import { afterAccountsDeleted, deleteAccounts, type AfterDeleteDeps } from "./account-removal";

/*
 * admin.deleteAllGuestUsers: every guest who is not connected right now goes, with what
 * belongs only to them (account-removal.ts), a batch at a time.
 *
 * Batches keep the site answering: each is one short transaction (a few statements over at
 * most GUEST_PURGE_BATCH accounts), and other requests run between them (on PostgreSQL
 * beside them, on other pooled connections; on PGlite, which runs one statement at a time,
 * in between). The guests are walked in id order from a cursor, so each is looked at once and
 * a guest skipped for being online is not asked again in this run.
 */

export const GUEST_PURGE_BATCH = 1000;

export interface GuestPurgeDeps extends AfterDeleteDeps {
  db: Database;
}

export interface GuestPurgeOptions {
  adminId: string;
  batchSize?: number;
  /** Called after each batch has been committed and announced (tests watch the batches). */
  onBatch?: (deleted: number) => Promise<void> | void;
}

/**
 * One purge at a time per database on this process: a second call while one runs is refused
 * (409) rather than queued, as it would find nothing the first is not already deleting. Two
 * processes may each run one; every batch locks its rows, so they never delete a guest twice
 * and the counts they report add up.
 */
const running = new WeakSet<Database>();

export async function deleteAllGuests(deps: GuestPurgeDeps, options: GuestPurgeOptions) {
  if (running.has(deps.db)) throw new AppError("CONFLICT", ADMIN_ERROR.guestPurgeRunning);
  running.add(deps.db);
  try {
    const result = await purge(deps, options);
    await recordAudit(deps.db, {
      adminId: options.adminId,
      action: "deleteGuests",
      targetId: null,
      target: `${result.deletedCount} guests`,
    });
    return result;
  } finally {
    running.delete(deps.db);
  }
}

async function purge(deps: GuestPurgeDeps, options: GuestPurgeOptions) {
  const batchSize = options.batchSize ?? GUEST_PURGE_BATCH;
  let cursor = "";
  let deletedCount = 0;
  for (;;) {
    const candidates = await guestsAfter(deps.db, cursor, batchSize);
    const last = candidates.at(-1);
    if (last === undefined) break;
    cursor = last;
    const online = new Set(await deps.realtime.onlineAmong(candidates));
    const offline = candidates.filter((id) => !online.has(id));
    if (offline.length === 0) continue;
    const deleted = await deps.db.transaction(async (tx) =>
      deleteAccounts(tx, await lockGuests(tx, offline)),
    );
    deletedCount += deleted.userIds.length;
    await afterAccountsDeleted(deps, deleted, { byUserId: options.adminId, everyFolder: false });
    await options.onBatch?.(deleted.userIds.length);
    // Lets requests that arrived during the batch start before the next one does.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { deletedCount };
}

/** Guests are anonymous accounts; an admin is never one of them, whatever the row says. */
const isGuest = and(eq(user.isAnonymous, true), ne(user.role, "admin"));

/** The next guests after `cursor`, in id order (the primary key's index). */
async function guestsAfter(db: Database, cursor: string, limit: number) {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(isGuest, gt(user.id, cursor)))
    .orderBy(asc(user.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Those of `ids` still guests, locked until the batch commits. SKIP LOCKED: rows another
 * purge (on another process) or a removal is deleting right now are theirs to delete.
 */
async function lockGuests(tx: Database, ids: string[]) {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(isGuest, sql`${user.id} = any(${sql.param(ids)}::text[])`))
    .for("update", { skipLocked: true });
  return rows.map((row) => row.id);
}
