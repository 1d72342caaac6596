import { describe, expect, it } from "vitest";
import { fetchAllPages, flattenPages } from "./pages";

describe("fetchAllPages", () => {
  it("follows the cursors to the last page and keeps the order", async () => {
    const pages: Record<string, { rows: number[]; nextCursor: string | null }> = {
      start: { rows: [1, 2], nextCursor: "b" },
      b: { rows: [3, 4], nextCursor: "c" },
      c: { rows: [5], nextCursor: null },
    };
    const asked: (string | undefined)[] = [];
    const rows = await fetchAllPages(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? "start"] ?? { rows: [], nextCursor: null };
    });
    expect(rows).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, "b", "c"]);
  });

  it("stops when the server repeats a cursor instead of looping for ever", async () => {
    let calls = 0;
    const rows = await fetchAllPages(async () => {
      calls++;
      return { rows: [calls], nextCursor: "same" };
    });
    expect(rows).toEqual([1, 2]);
  });
});

describe("flattenPages", () => {
  it("shows a row that came on two pages once, where it first appeared", () => {
    const pages = [{ rooms: [{ id: "a" }, { id: "b" }] }, { rooms: [{ id: "b" }, { id: "c" }] }];
    const ids = flattenPages(
      pages,
      (p) => p.rooms,
      (r) => r.id,
    ).map((r) => r.id);
    expect(ids).toEqual(["a", "b", "c"]);
  });
});
