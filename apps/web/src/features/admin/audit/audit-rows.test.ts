import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@chatsphere/contract";
import { auditRowsOf, EMPTY_CELL } from "./audit-rows";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: "1",
  createdAt: "2026-01-05T14:05:00.000Z",
  adminId: "admin",
  adminName: "Ada",
  action: "Banned user from a report",
  target: "Mallory",
  targetId: "bad",
  detail: "Report r1 (harassment)",
  ...over,
});

describe("auditRowsOf", () => {
  it("keeps the server's order (newest first) and each entry once", () => {
    const pages = [
      { entries: [entry({ id: "3" }), entry({ id: "2" })] },
      { entries: [entry({ id: "2" }), entry({ id: "1" })] },
    ];
    expect(auditRowsOf(pages).map((row) => row.id)).toEqual(["3", "2", "1"]);
  });

  it("shows the columns as they were recorded, and a dash for an empty one", () => {
    const [row] = auditRowsOf([{ entries: [entry({ detail: "  ", target: "" })] }]);
    expect(row).toMatchObject({
      admin: "Ada",
      action: "Banned user from a report",
      target: EMPTY_CELL,
      detail: EMPTY_CELL,
      at: "2026-01-05T14:05:00.000Z",
    });
    expect(row?.when.getTime()).toBe(Date.parse("2026-01-05T14:05:00.000Z"));
  });

  it("is empty before the first page", () => {
    expect(auditRowsOf(undefined)).toEqual([]);
  });
});
