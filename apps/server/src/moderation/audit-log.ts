import { createId } from "@paralleldrive/cuid2";
import { eq, sql } from "drizzle-orm";
import type { AuditAction } from "@chatsphere/contract";
import type { Database } from "../db/client";
import { auditLog, user } from "../db/schema";

/*
 * The audit log (issue 14): every admin action, with who, what and when. Written in the
 * action's own transaction where it has one, so an action and its entry commit together;
 * Manage Users shows it (features/admin-users/audit-list.ts).
 */

export interface AuditEntryInput {
  adminId: string;
  action: AuditAction;
  targetId: string | null;
  /** The target in words now (a name, a title): it may be gone when the log is read. */
  target: string;
  detail?: string;
}

export async function recordAudit(db: Database, entry: AuditEntryInput) {
  const name = db.select({ name: user.name }).from(user).where(eq(user.id, entry.adminId));
  await db.insert(auditLog).values({
    id: createId(),
    adminId: entry.adminId,
    adminName: sql`coalesce((${name}), '')`,
    action: entry.action,
    targetId: entry.targetId,
    target: entry.target,
    detail: entry.detail ?? "",
  });
}

/** A long text as the log names it: its start. */
export const excerpt = (text: string, length = 80) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
