import { describe, expect, it } from "vitest";
import { TEXT, type RoomSummary } from "@chatsphere/contract";
import {
  browsableRooms,
  formatActivityTime,
  isRoomSelectable,
  unreadBadgeText,
} from "./room-display";

// Local times (the reader's zone), so the calendar-day rules hold wherever the tests run.
const NOW = new Date(2026, 4, 14, 15, 30); // Thursday 14 May 2026, 15:30
const at = (...parts: [number, number, number, number?, number?, number?]) =>
  new Date(...parts).toISOString();

describe("the room list's activity time", () => {
  it("reads 'now' under a minute, and for a time slightly ahead of our clock", () => {
    expect(formatActivityTime(at(2026, 4, 14, 15, 29, 31), NOW)).toBe(TEXT.activityJustNow);
    expect(formatActivityTime(at(2026, 4, 14, 15, 31), NOW)).toBe(TEXT.activityJustNow);
  });

  it("counts minutes, then hours within today", () => {
    expect(formatActivityTime(at(2026, 4, 14, 15, 28), NOW)).toBe("2m");
    expect(formatActivityTime(at(2026, 4, 14, 14, 31), NOW)).toBe("59m");
    expect(formatActivityTime(at(2026, 4, 14, 12, 0), NOW)).toBe("3h");
    expect(formatActivityTime(at(2026, 4, 14, 0, 5), NOW)).toBe("15h");
  });

  it("says 'Yesterday' for the day before, even when under 24 hours ago", () => {
    expect(formatActivityTime(at(2026, 4, 13, 23, 50), NOW)).toBe(TEXT.activityYesterday);
    expect(formatActivityTime(at(2026, 4, 13, 8, 0), NOW)).toBe(TEXT.activityYesterday);
  });

  it("names the weekday within the week, then the date", () => {
    expect(formatActivityTime(at(2026, 4, 11, 9, 0), NOW)).toBe("Mon");
    expect(formatActivityTime(at(2026, 4, 7, 9, 0), NOW)).toBe("May 7");
    expect(formatActivityTime(at(2026, 0, 5, 9, 0), NOW)).toBe("Jan 5");
    expect(formatActivityTime(at(2025, 11, 31, 9, 0), NOW)).toBe("Dec 31, 2025");
  });

  it("shows nothing for a time it cannot read", () => {
    expect(formatActivityTime("not a date", NOW)).toBe("");
  });
});

describe("the unread badge", () => {
  it("is hidden at 0 (and for nonsense)", () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(-3)).toBeNull();
    expect(unreadBadgeText(Number.NaN)).toBeNull();
  });

  it("shows the count up to 99, then '99+'", () => {
    expect(unreadBadgeText(1)).toBe("1");
    expect(unreadBadgeText(99)).toBe("99");
    expect(unreadBadgeText(100)).toBe("99+");
    expect(unreadBadgeText(12_345)).toBe("99+");
  });
});

const room = (id: string, extra: Partial<RoomSummary> = {}): RoomSummary => ({
  id,
  name: id,
  kind: "user",
  ownerId: "owner",
  isLocked: false,
  avatar: null,
  memberCount: 1,
  isMember: false,
  lastActivityAt: NOW.toISOString(),
  unreadCount: 0,
  ...extra,
});

describe("which rooms can be picked", () => {
  it("refuses a locked room to non-members only", () => {
    expect(isRoomSelectable(room("a", { isLocked: true }))).toBe(false);
    expect(isRoomSelectable(room("a", { isLocked: true, isMember: true }))).toBe(true);
    expect(isRoomSelectable(room("a"))).toBe(true);
  });

  it("lists a room under 'All rooms' only when it is not already under 'Your rooms'", () => {
    const all = [room("travel"), room("mine"), room("gaming")];
    expect(browsableRooms(all, [room("mine")]).map((r) => r.id)).toEqual(["travel", "gaming"]);
  });
});
