import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import { AUDIT_ACTIONS, type AuditAction, type CursorPageInput } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import { decodeCursor, TIMESTAMP_KEY, timestampKey, toPage } from "../../db/page";
import { auditLog } from "../../db/schema";

/* The 'Audit log' admin page (issue 14): what moderation/audit-log.ts recorded. */

const AUDIT_PAGE_SIZE = 50;
const auditKey = z.tuple([z.string().regex(TIMESTAMP_KEY), z.string()]);

/** Newest first, a page at a time. */
export async function listAudit(db: Database, page: CursorPageInput) {
  const limit = page?.limit ?? AUDIT_PAGE_SIZE;
  const before = decodeCursor(page?.cursor, auditKey);
  const key = timestampKey(auditLog.createdAt);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      adminId: auditLog.adminId,
      adminName: auditLog.adminName,
      action: auditLog.action,
      targetId: auditLog.targetId,
      target: auditLog.target,
      detail: auditLog.detail,
      key,
    })
    .from(auditLog)
    .where(before ? sql`(${key}, ${auditLog.id}) < (${before[0]}, ${before[1]})` : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const { items, nextCursor } = toPage(rows, limit, (r) => [r.key, r.id]);
  return {
    entries: items.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      adminId: r.adminId,
      adminName: r.adminName,
      action: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
      target: r.target,
      targetId: r.targetId,
      detail: r.detail,
    })),
    nextCursor,
  };
}
