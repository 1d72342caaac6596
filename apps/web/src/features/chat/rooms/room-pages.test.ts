import { describe, expect, it } from "vitest";
import type { RoomSummary } from "@chatsphere/contract";
import { withoutRoom, withRoomFirst, withRoomPatched, type RoomPages } from "./room-pages";

const room = (id: string, extra: Partial<RoomSummary> = {}): RoomSummary => ({
  id,
  name: id,
  kind: "user",
  ownerId: "owner",
  isLocked: false,
  avatar: null,
  memberCount: 1,
  isMember: true,
  lastActivityAt: "2026-05-14T12:00:00.000Z",
  unreadCount: 3,
  ...extra,
});

const pages = (...ids: string[][]): RoomPages => ({
  pages: ids.map((page, i) => ({
    rooms: page.map((id) => room(id)),
    nextCursor: i < ids.length - 1 ? `c${i}` : null,
  })),
  pageParams: ids.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});
const idsOf = (data: RoomPages | undefined) => data?.pages.map((p) => p.rooms.map((r) => r.id));

describe("editing the cached room lists", () => {
  it("drops a room from whichever page holds it (banned, deleted)", () => {
    expect(idsOf(withoutRoom(pages(["a", "b"], ["c"]), "c"))).toEqual([["a", "b"], []]);
  });

  it("patches one room and leaves the others as they were (read, locked)", () => {
    const data = withRoomPatched(pages(["a", "b"]), "b", { unreadCount: 0, isLocked: true });
    expect(data?.pages[0]?.rooms.map((r) => [r.id, r.unreadCount, r.isLocked])).toEqual([
      ["a", 3, false],
      ["b", 0, true],
    ]);
  });

  it("puts a new room first, once, and keeps the cursors", () => {
    const data = withRoomFirst(pages(["a", "new"], ["c"]), room("new"));
    expect(idsOf(data)).toEqual([["new", "a"], ["c"]]);
    expect(data?.pages[0]?.nextCursor).toBe("c0");
  });

  it("leaves a list that was never loaded alone", () => {
    expect(withoutRoom(undefined, "a")).toBeUndefined();
    expect(withRoomFirst(undefined, room("a"))).toBeUndefined();
  });
});
