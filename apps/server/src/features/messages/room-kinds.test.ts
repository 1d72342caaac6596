import type { RoomKind } from "@chatsphere/contract";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { roomKindOf } from "./room-kinds";

/** A database whose `select … from room where id = …` answers `answer()` and counts queries. */
function fakeDb(answer: () => Promise<{ kind: RoomKind }[]>) {
  const query = vi.fn(answer);
  const db = { select: () => ({ from: () => ({ where: query }) }) } as unknown as Database;
  return { db, query };
}

describe("a room's kind", () => {
  it("is looked up once for the sends that arrive before the answer, then remembered", async () => {
    let answer = (_rows: { kind: RoomKind }[]) => {};
    const { db, query } = fakeDb(() => new Promise((resolve) => (answer = resolve)));
    const first = Array.from({ length: 5 }, () => roomKindOf(db, "room-a"));
    answer([{ kind: "user" }]);
    expect(await Promise.all(first)).toEqual(Array(5).fill("user"));
    expect(await roomKindOf(db, "room-a")).toBe("user");
    expect(query).toHaveBeenCalledTimes(1);
  });

  it("is not remembered for a room that does not exist, nor when the lookup fails", async () => {
    const { db, query } = fakeDb(async () => []);
    expect(await roomKindOf(db, "room-gone")).toBeNull();
    expect(await roomKindOf(db, "room-gone")).toBeNull();
    expect(query).toHaveBeenCalledTimes(2);
    const failing = fakeDb(() => Promise.reject(new Error("database down")));
    await expect(
      Promise.all([roomKindOf(failing.db, "room-b"), roomKindOf(failing.db, "room-b")]),
    ).rejects.toThrow("database down");
    expect(failing.query).toHaveBeenCalledTimes(1);
    const working = fakeDb(async () => [{ kind: "global" }]);
    expect(await roomKindOf(working.db, "room-b")).toBe("global");
  });
});
