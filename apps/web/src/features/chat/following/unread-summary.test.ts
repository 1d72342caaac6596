import { describe, expect, it } from "vitest";
import type { UnreadSummary } from "@chatsphere/contract";
import { unreadTabBadge, withDmUnread, withRoomRead } from "./unread-summary";

const summary: UnreadSummary = {
  rooms: [
    { roomId: "a", unreadCount: 2 },
    { roomId: "b", unreadCount: 1 },
  ],
  totalUnread: 3,
};

describe("dm_unread pushes edit the cached unread summary", () => {
  it("raises one chat's count and takes the server's total", () => {
    expect(withDmUnread(summary, { roomId: "b", unreadCount: 2, totalUnread: 4 })).toEqual({
      rooms: [
        { roomId: "a", unreadCount: 2 },
        { roomId: "b", unreadCount: 2 },
      ],
      totalUnread: 4,
    });
  });

  it("adds a chat that had nothing unread, even before the first poll answered", () => {
    expect(withDmUnread(undefined, { roomId: "c", unreadCount: 1, totalUnread: 1 })).toEqual({
      rooms: [{ roomId: "c", unreadCount: 1 }],
      totalUnread: 1,
    });
  });

  it("drops a chat read on another device", () => {
    expect(withDmUnread(summary, { roomId: "a", unreadCount: 0, totalUnread: 1 })).toEqual({
      rooms: [{ roomId: "b", unreadCount: 1 }],
      totalUnread: 1,
    });
  });

  it("does not count a message in the chat open on this screen", () => {
    expect(withDmUnread(summary, { roomId: "a", unreadCount: 3, totalUnread: 4 }, true)).toEqual({
      rooms: [{ roomId: "b", unreadCount: 1 }],
      totalUnread: 1,
    });
  });

  it("never goes below zero", () => {
    expect(withDmUnread(undefined, { roomId: "a", unreadCount: 5, totalUnread: 2 }, true)).toEqual({
      rooms: [],
      totalUnread: 0,
    });
  });
});

describe("reading a chat here", () => {
  it("takes its count off the total at once", () => {
    expect(withRoomRead(summary, "a")).toEqual({
      rooms: [{ roomId: "b", unreadCount: 1 }],
      totalUnread: 1,
    });
  });

  it("leaves the summary as it was for a chat with nothing unread, or none cached", () => {
    expect(withRoomRead(summary, "z")).toBe(summary);
    expect(withRoomRead(undefined, "a")).toBeUndefined();
  });
});

describe("the Following tab's badge", () => {
  it("is hidden at 0", () => {
    expect(unreadTabBadge(0)).toBeNull();
  });

  it("shows the count and names it for screen readers", () => {
    expect(unreadTabBadge(1)).toEqual({ text: "1", label: "1 unread message" });
    expect(unreadTabBadge(3)).toEqual({ text: "3", label: "3 unread messages" });
  });

  it("caps the text at 99+ but says the real number", () => {
    expect(unreadTabBadge(99)?.text).toBe("99");
    expect(unreadTabBadge(150)).toEqual({ text: "99+", label: "150 unread messages" });
  });
});
