import { describe, expect, it } from "vitest";
import { TEXT, type EventFrame } from "@chatsphere/contract";
import { sendingOffNotice, withOnlineEvent } from "./direct-chat-state";

const frame = (event: EventFrame): EventFrame => event;

describe("whether a direct chat may send", () => {
  it("stays on while both follow each other, or while it is not known yet", () => {
    expect(sendingOffNotice("Ann", { isFollowing: true, isFollower: true })).toBeNull();
    expect(sendingOffNotice("Ann", {})).toBeNull();
  });

  it("says why it is off after either side unfollowed", () => {
    expect(sendingOffNotice("Ann", { isFollowing: false, isFollower: true })).toBe(
      TEXT.dmOffYouUnfollowed("Ann"),
    );
    expect(sendingOffNotice("Ann", { isFollowing: true, isFollower: false })).toBe(
      TEXT.dmOffTheyUnfollowed("Ann"),
    );
  });
});

describe("who of the people you follow is online", () => {
  const online = new Set(["a"]);

  it("takes the whole set from following_online", () => {
    const next = withOnlineEvent(
      online,
      frame({
        type: "event",
        channel: "user:me",
        event: "following_online",
        payload: { userIds: ["b", "c"] },
      }),
    );
    expect([...next]).toEqual(["b", "c"]);
  });

  it("adds and removes one person on following_status", () => {
    const status = (userId: string, isOnline: boolean) =>
      frame({
        type: "event",
        channel: "user:me",
        event: "following_status",
        payload: { userId, online: isOnline },
      });
    expect([...withOnlineEvent(online, status("b", true))]).toEqual(["a", "b"]);
    expect([...withOnlineEvent(online, status("a", false))]).toEqual([]);
    expect(withOnlineEvent(online, status("a", true))).toBe(online);
  });

  it("ignores other events on the channel", () => {
    const other = frame({ type: "event", channel: "user:me", event: "stranger_idle", payload: {} });
    expect(withOnlineEvent(online, other)).toBe(online);
  });
});
