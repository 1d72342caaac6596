import { describe, expect, it } from "vitest";
import type { FollowUser } from "@chatsphere/contract";
import {
  findPerson,
  withDirectChatPatched,
  withLatestMessage,
  type FollowPages,
} from "./follow-pages";

const person = (id: string, extra: Partial<FollowUser> = {}): FollowUser => ({
  id,
  name: id,
  bio: "",
  image: null,
  isMutual: true,
  isFollowing: true,
  isFollower: true,
  directChat: {
    roomId: `dm-${id}`,
    unreadCount: 2,
    latest: { content: "old", createdAt: "2026-05-14T10:00:00.000Z", fromMe: false },
  },
  ...extra,
});

const pages = (mutual: FollowUser[], followers: FollowUser[] = []): FollowPages => ({
  pages: [
    {
      mutual,
      following: [],
      followers,
      nextCursors: { mutual: null, following: null, followers: null },
    },
  ],
  pageParams: [undefined],
});

describe("editing the cached follow lists", () => {
  it("patches the unread count of one direct chat and leaves the others", () => {
    const data = withDirectChatPatched(pages([person("a"), person("b")]), "dm-b", {
      unreadCount: 0,
    });
    expect(data?.pages[0]?.mutual.map((p) => p.directChat?.unreadCount)).toEqual([2, 0]);
  });

  it("shows a new message as the preview, but never an older one over a newer", () => {
    const newer = { content: "new", createdAt: "2026-05-14T11:00:00.000Z", fromMe: true };
    const older = { content: "older", createdAt: "2026-05-14T09:00:00.000Z", fromMe: true };
    const data = withLatestMessage(pages([person("a")]), "dm-a", newer);
    expect(data?.pages[0]?.mutual[0]?.directChat?.latest).toEqual(newer);
    expect(withLatestMessage(data, "dm-a", older)?.pages[0]?.mutual[0]?.directChat?.latest).toEqual(
      newer,
    );
  });

  it("leaves people without a direct chat alone", () => {
    const data = withDirectChatPatched(pages([person("a", { directChat: null })]), "dm-a", {
      unreadCount: 5,
    });
    expect(data?.pages[0]?.mutual[0]?.directChat).toBeNull();
    expect(withDirectChatPatched(undefined, "dm-a", { unreadCount: 0 })).toBeUndefined();
  });

  it("finds someone in whichever list holds them, with their flags", () => {
    const follower = person("c", { isMutual: false, isFollowing: false, directChat: null });
    expect(findPerson([undefined, pages([person("a")], [follower])], "c")).toBe(follower);
    expect(findPerson([pages([person("a")])], "nobody")).toBeNull();
  });
});
