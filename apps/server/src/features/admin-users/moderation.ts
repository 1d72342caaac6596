import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  roomChannel,
  SAFETY_ERROR,
  SAFETY_TOAST,
  type AdminReport,
  type CursorPageInput,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { decodeCursor, TIMESTAMP_KEY, timestampKey, toPage } from "../../db/page";
import { message, report, strangerPause, user } from "../../db/schema";
import { AppError } from "../../errors";
import type { FileStorage } from "../../storage/storage";
import { banUser, type AdminUsersDeps } from "./service";
import { excerpt, recordAudit } from "../../moderation/audit-log";
import { liftReviewPause } from "../../moderation/pauses";

/*
 * The moderation queue (issue 14): open reports, oldest first, each with how many distinct
 * people reported the same user and the conversation as it was. Dismiss, Ban user (as Manage
 * Users bans: at once, everywhere) and Delete message; each goes to the audit log.
 */

const REPORTS_PAGE_SIZE = 20;
const reportKey = z.tuple([z.string().regex(TIMESTAMP_KEY), z.string()]);
const reporter = alias(user, "reporter");
const reported = alias(user, "reported");

export async function listReports(db: Database, page: CursorPageInput) {
  const limit = page?.limit ?? REPORTS_PAGE_SIZE;
  const afterKey = decodeCursor(page?.cursor, reportKey);
  const key = timestampKey(report.createdAt);
  const rows = await db
    .select({
      id: report.id,
      reason: report.reason,
      note: report.note,
      status: report.status,
      createdAt: report.createdAt,
      roomId: report.roomId,
      roomKind: report.roomKind,
      messageId: report.messageId,
      snapshot: report.snapshot,
      reporterId: reporter.id,
      reporterName: reporter.name,
      reporterImage: reporter.image,
      reportedId: reported.id,
      reportedName: reported.name,
      reportedImage: reported.image,
      reportedBanned: reported.banned,
      distinctReporters: sql<number>`(select count(distinct o.reporter_id)::int from ${report} o
        where o.reported_user_id = ${report.reportedUserId} and o.status = 'open')`,
      paused: sql<boolean>`exists (select 1 from ${strangerPause} p
        where p.user_id = ${report.reportedUserId} and (p.until is null or p.until > now()))`,
      key,
    })
    .from(report)
    .innerJoin(reported, eq(reported.id, report.reportedUserId))
    .leftJoin(reporter, eq(reporter.id, report.reporterId))
    .where(
      and(
        eq(report.status, "open"),
        afterKey ? sql`(${key}, ${report.id}) > (${afterKey[0]}, ${afterKey[1]})` : undefined,
      ),
    )
    .orderBy(asc(report.createdAt), asc(report.id))
    .limit(limit + 1);
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.key, r.id]);
  const ids = items.flatMap((r) => r.snapshot.map((m) => m.id));
  const live = new Set(
    ids.length === 0
      ? []
      : (await db.select({ id: message.id }).from(message).where(inArray(message.id, ids))).map(
          (m) => m.id,
        ),
  );
  const reports: AdminReport[] = items.map((r) => ({
    id: r.id,
    reason: r.reason as AdminReport["reason"],
    note: r.note,
    status: r.status as AdminReport["status"],
    createdAt: r.createdAt.toISOString(),
    roomId: r.roomId,
    roomKind: r.roomKind as AdminReport["roomKind"],
    messageId: r.messageId,
    reporter: r.reporterId
      ? { id: r.reporterId, name: r.reporterName ?? "", image: r.reporterImage ?? null }
      : null,
    reported: {
      id: r.reportedId,
      name: r.reportedName,
      image: r.reportedImage,
      banned: r.reportedBanned,
      pausedFromStrangers: r.paused,
    },
    distinctReporters: Math.max(1, r.distinctReporters),
    snapshot: r.snapshot.map((m) => ({ ...m, exists: live.has(m.id) })),
  }));
  return { reports, nextCursor };
}

/** The report, locked for the decision; 404 if none, 409 once decided. */
async function lockOpenReport(tx: Database, reportId: string) {
  const [row] = await tx
    .select({
      id: report.id,
      status: report.status,
      reportedUserId: report.reportedUserId,
      reason: report.reason,
    })
    .from(report)
    .where(eq(report.id, reportId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", SAFETY_ERROR.reportNotFound);
  if (row.status !== "open") throw new AppError("CONFLICT", SAFETY_ERROR.reportDecided);
  return row;
}

const decided = (adminId: string, status: "dismissed" | "actioned") => ({
  status,
  decidedBy: adminId,
  decidedAt: sql`now()`,
});

/**
 * Dismiss: this report closes; the user's pause for review ends once no open report about
 * them is left. Ban: the user is banned as Manage Users bans (sessions, sockets, sign-in), and
 * every open report about them closes with it.
 */
export async function decideReport(
  deps: AdminUsersDeps,
  adminId: string,
  input: { reportId: string; decision: "dismiss" | "ban" },
) {
  if (input.decision === "ban") {
    const target = await deps.db.transaction((tx) => lockOpenReport(tx, input.reportId));
    await banUser(
      deps,
      { adminId, userId: target.reportedUserId },
      { action: "banFromReport", detail: `Report ${input.reportId} (${target.reason})` },
    );
    await deps.db
      .update(report)
      .set(decided(adminId, "actioned"))
      .where(and(eq(report.reportedUserId, target.reportedUserId), eq(report.status, "open")));
    await liftReviewPause(deps.db, target.reportedUserId);
    return { message: SAFETY_TOAST.bannedFromReport };
  }
  await deps.db.transaction(async (tx) => {
    const row = await lockOpenReport(tx, input.reportId);
    await tx.update(report).set(decided(adminId, "dismissed")).where(eq(report.id, row.id));
    const [others] = await tx
      .select({ one: sql`1` })
      .from(report)
      .where(
        and(
          eq(report.reportedUserId, row.reportedUserId),
          eq(report.status, "open"),
          ne(report.id, row.id),
        ),
      )
      .limit(1);
    if (!others) await liftReviewPause(tx, row.reportedUserId);
    const [target] = await tx
      .select({ name: user.name })
      .from(user)
      .where(eq(user.id, row.reportedUserId));
    await recordAudit(tx, {
      adminId,
      action: "dismissReport",
      targetId: row.reportedUserId,
      target: target?.name ?? "",
      detail: `Report ${row.id} (${row.reason})`,
    });
  });
  return { message: SAFETY_TOAST.dismissed };
}

/**
 * Deletes a message the report's snapshot holds, from its room, for everyone (a
 * `message_deleted` event on the room; its file, if it was one, goes too). The report stays
 * open for a decision.
 */
export async function deleteReportedMessage(
  deps: AdminUsersDeps & { storage: Pick<FileStorage, "remove" | "keyOf"> },
  adminId: string,
  input: { reportId: string; messageId: string },
) {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: report.id, snapshot: report.snapshot, roomId: report.roomId })
      .from(report)
      .where(eq(report.id, input.reportId));
    if (!row) throw new AppError("NOT_FOUND", SAFETY_ERROR.reportNotFound);
    const kept = row.snapshot.find((m) => m.id === input.messageId);
    if (!kept) throw new AppError("BAD_REQUEST", SAFETY_ERROR.messageNotInReport);
    const [gone] = await tx
      .delete(message)
      .where(and(eq(message.id, input.messageId), eq(message.roomId, row.roomId)))
      .returning({
        id: message.id,
        content: message.content,
        mediaType: message.mediaType,
        previewKey: message.mediaPreviewKey,
      });
    await recordAudit(tx, {
      adminId,
      action: "deleteReportedMessage",
      targetId: kept.senderId,
      target: kept.senderName,
      detail: excerpt(kept.content),
    });
    return gone ? { ...gone, roomId: row.roomId } : null;
  });
  if (removed) {
    deps.realtime.publish(roomChannel(removed.roomId), "message_deleted", {
      roomId: removed.roomId,
      messageId: removed.id,
    });
    const file = removed.mediaType ? deps.storage.keyOf(removed.content) : null;
    for (const key of [file, removed.previewKey]) {
      if (!key) continue;
      await deps.storage
        .remove(key)
        .catch((error: unknown) =>
          deps.logger.warn(`safety: could not remove ${key}: ${String(error)}`),
        );
    }
  }
  return { message: SAFETY_TOAST.messageDeleted };
}
