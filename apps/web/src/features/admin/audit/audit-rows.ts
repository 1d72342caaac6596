import type { AuditEntry } from "@chatsphere/contract";

/*
 * The audit log's rows as the table shows them: newest first as the server sends them, each
 * once (a refetch racing 'Load more' may repeat one), with an empty detail or target shown
 * as a dash.
 */

export const EMPTY_CELL = "—";

export interface AuditRow {
  id: string;
  at: string;
  when: Date;
  admin: string;
  action: string;
  target: string;
  detail: string;
}

export function auditRowsOf(pages: readonly { entries: readonly AuditEntry[] }[] | undefined) {
  const seen = new Set<string>();
  const rows: AuditRow[] = [];
  for (const page of pages ?? []) {
    for (const entry of page.entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      rows.push({
        id: entry.id,
        at: entry.createdAt,
        when: new Date(entry.createdAt),
        admin: entry.adminName.trim() || EMPTY_CELL,
        action: entry.action,
        target: entry.target.trim() || EMPTY_CELL,
        detail: entry.detail.trim() || EMPTY_CELL,
      });
    }
  }
  return rows;
}
