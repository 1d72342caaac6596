import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FOLLOWING_CHANNEL, roomChannel, TEXT, TOAST, userChannel } from "@chatsphere/contract";
import { user } from "../src/db/schema";
import { useTestServer } from "./harness";
import { directChat, follows, followRowsOf, isEvent, userSocket } from "./follow-fixtures";
import { roomOfKind } from "./message-fixtures";
import { expectNoFrame, NO_FRAME_WAIT_MS, openSocket, sleep } from "./realtime-helpers";

/*
 * Following (SPEC §4 "Follow", §6, issue 12 items 1 and 4): the calls, the events that tell
 * the other side, the direct chat shown beside each mutual, and online dots for followed
 * people only. Refusals are in hostile/follow-dm.test.ts.
 */

const t = useTestServer();
const db = () => t.server.runtime.services.db;
const nameOf = (email: string) => email.split("@")[0];

describe("user.follow", () => {
  it("stores the follow and tells the followed person who followed them", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const bobSocket = await userSocket(t, bob);
    await expect(ann.client.user.follow({ userId: bob.id })).resolves.toEqual({
      message: TOAST.userFollowed,
      isMutual: false,
    });
    expect(await followRowsOf(db(), ann.id, bob.id)).toMatchObject([
      { followerId: ann.id, followingId: bob.id },
    ]);
    const told = await bobSocket.next(isEvent("follow_notification", userChannel(bob.id)));
    expect(told.payload).toEqual({ userId: ann.id, name: nameOf(ann.email) });
    await expectNoFrame(bobSocket, isEvent("mutual_follow_notification"));
  });

  it("following back makes it mutual and tells both, each about the other", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    await follows(db(), [ann, bob]);
    const [annSocket, bobSocket] = [await userSocket(t, ann), await userSocket(t, bob)];
    await expect(bob.client.user.follow({ userId: ann.id })).resolves.toMatchObject({
      isMutual: true,
    });
    const toAnn = await annSocket.next(isEvent("mutual_follow_notification", userChannel(ann.id)));
    const toBob = await bobSocket.next(isEvent("mutual_follow_notification", userChannel(bob.id)));
    expect(toAnn.payload).toEqual({ userId: bob.id, name: nameOf(bob.email) });
    expect(toBob.payload).toEqual({ userId: ann.id, name: nameOf(ann.email) });
  });

  it("following twice changes nothing and tells nobody again", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    await ann.client.user.follow({ userId: bob.id });
    const bobSocket = await userSocket(t, bob);
    await expect(ann.client.user.follow({ userId: bob.id })).resolves.toEqual({
      message: TOAST.userFollowed,
      isMutual: false,
    });
    expect(await followRowsOf(db(), ann.id, bob.id)).toHaveLength(1);
    await expectNoFrame(bobSocket, isEvent("follow_notification"));
  });

  it("two people following each other at once become mutual, and each hears it once", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const [annSocket, bobSocket] = [await userSocket(t, ann), await userSocket(t, bob)];
    const answers = await Promise.all([
      ann.client.user.follow({ userId: bob.id }),
      bob.client.user.follow({ userId: ann.id }),
    ]);
    // The second follow to commit sees the first: exactly one of them reports the mutual.
    expect(answers.filter((a) => a.isMutual)).toHaveLength(1);
    await annSocket.next(isEvent("mutual_follow_notification"));
    await bobSocket.next(isEvent("mutual_follow_notification"));
    await sleep(NO_FRAME_WAIT_MS);
    expect(annSocket.events("mutual_follow_notification")).toHaveLength(1);
    expect(bobSocket.events("mutual_follow_notification")).toHaveLength(1);
  });
});

describe("user.unfollow and user.isFollowing", () => {
  it("isFollowing says whether the caller follows someone, one way only", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    await follows(db(), [ann, bob]);
    await expect(ann.client.user.isFollowing({ userId: bob.id })).resolves.toBe(true);
    await expect(bob.client.user.isFollowing({ userId: ann.id })).resolves.toBe(false);
  });

  it("unfollow removes the follow, tells the other person and the caller's other devices once, and may be repeated", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    await follows(db(), [ann, bob], [bob, ann]);
    const [annOtherDevice, bobSocket] = [await userSocket(t, ann), await userSocket(t, bob)];
    for (let i = 0; i < 2; i++) {
      await expect(ann.client.user.unfollow({ userId: bob.id })).resolves.toEqual({
        message: TOAST.userUnfollowed,
      });
    }
    await expect(ann.client.user.isFollowing({ userId: bob.id })).resolves.toBe(false);
    expect(await followRowsOf(db(), ann.id, bob.id)).toMatchObject([{ followerId: bob.id }]);
    const byAnn = { userId: ann.id, name: nameOf(ann.email) };
    const toBob = await bobSocket.next(isEvent("unfollow_notification", userChannel(bob.id)));
    expect(toBob.payload).toEqual(byAnn);
    const toAnn = await annOtherDevice.next(isEvent("unfollow_notification", userChannel(ann.id)));
    expect(toAnn.payload).toEqual(byAnn);
    // The repeated unfollow ended nothing and told nobody.
    await sleep(NO_FRAME_WAIT_MS);
    expect(bobSocket.events("unfollow_notification")).toHaveLength(1);
    expect(annOtherDevice.events("unfollow_notification")).toHaveLength(1);
  });
});

describe("user.userFollowing with direct chats", () => {
  it("shows a mutual's direct chat with the caller's unread count and the latest message", async () => {
    const [ann, bob, cat] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const roomId = await directChat(t, ann, bob);
    await follows(db(), [ann, cat], [cat, ann]);
    await bob.client.message.send({ roomId, content: "first" });
    await bob.client.message.send({ roomId, content: "second" });
    const { mutual } = await ann.client.user.userFollowing({ list: "mutual" });
    const withBob = mutual.find((p) => p.id === bob.id);
    expect(withBob?.directChat).toMatchObject({
      roomId,
      unreadCount: 2,
      latest: { content: "second", fromMe: false, createdAt: expect.any(String) },
    });
    // A mutual without a chat yet has none.
    expect(mutual.find((p) => p.id === cat.id)?.directChat).toBeNull();
    const bobs = await bob.client.user.userFollowing({ list: "mutual" });
    expect(bobs.mutual[0]?.directChat).toMatchObject({ unreadCount: 0, latest: { fromMe: true } });
  });

  it("drops the direct chat from someone who is no longer mutual (the history stays readable)", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    await ann.client.message.send({ roomId, content: "hello" });
    await bob.client.user.unfollow({ userId: ann.id });
    const lists = await ann.client.user.userFollowing();
    expect(lists.mutual).toEqual([]);
    expect(lists.following[0]).toMatchObject({ id: bob.id, isMutual: false, directChat: null });
    const history = await ann.client.message.list({ roomId });
    expect(history.messages.map((m) => m.content)).toEqual(["hello"]);
  });
});

describe("user.followAttempt", () => {
  it("a guest's follow in stranger chat tells the stranger who wants to follow them", async () => {
    const [guest, stranger] = [await t.server.signInAsGuest(), await t.server.signUp()];
    const roomId = await roomOfKind(db(), "stranger", guest, stranger);
    const socket = t.closeAfter(await openSocket(t.server.wsUrl, stranger.cookie));
    expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
    await expect(guest.client.user.followAttempt({ roomId })).resolves.toEqual({
      message: TEXT.linkAccountBody,
    });
    const attempt = await socket.next(isEvent("follow_attempt", roomChannel(roomId)));
    const [row] = await db().select({ name: user.name }).from(user).where(eq(user.id, guest.id));
    expect(attempt.payload).toEqual({ userId: guest.id, name: row?.name });
    // What the stranger reads (SPEC §6).
    expect(TOAST.followAttempt(attempt.payload.name)).toMatch(/^Guest \d{4} wants to follow you/);
  });
});

describe("online dots on following:tab", () => {
  it("holding following:tab brings who of the people you follow is online, and nobody else", async () => {
    const [ann, bob, cat, dan] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    await follows(db(), [ann, bob], [ann, cat]);
    // Bob and Dan are online; Cat, followed too, is not; Dan is not followed.
    await userSocket(t, bob);
    await userSocket(t, dan);
    const socket = await userSocket(t, ann);
    expect(await socket.sub(FOLLOWING_CHANNEL)).toBe("subscribed");
    const snapshot = await socket.next(isEvent("following_online", userChannel(ann.id)));
    expect(snapshot.payload).toEqual({ userIds: [bob.id] });
    // The channel no longer lists anyone online.
    expect(socket.frames.filter((f) => f.type === "presence")).toEqual([]);
  });

  it("a followed person's first socket and last socket tell their followers", async () => {
    const [ann, bob, eve] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    await follows(db(), [ann, bob]);
    const [annSocket, eveSocket] = [await userSocket(t, ann), await userSocket(t, eve)];
    const bobSocket = await openSocket(t.server.wsUrl, bob.cookie);
    const online = await annSocket.next(isEvent("following_status", userChannel(ann.id)));
    expect(online.payload).toEqual({ userId: bob.id, online: true });
    const since = annSocket.mark();
    await bobSocket.close();
    const offline = await annSocket.next(isEvent("following_status"), 5000, since);
    expect(offline.payload).toEqual({ userId: bob.id, online: false });
    // Eve does not follow Bob: she learns nothing about him.
    await expectNoFrame(eveSocket, isEvent("following_status"));
  });

  it("following someone tells the follower's devices at once whether that person is online", async () => {
    const [ann, bob, cat] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    await userSocket(t, bob);
    const annSocket = await userSocket(t, ann);
    await ann.client.user.follow({ userId: bob.id });
    const bobOnline = await annSocket.next(isEvent("following_status", userChannel(ann.id)));
    expect(bobOnline.payload).toEqual({ userId: bob.id, online: true });
    const since = annSocket.mark();
    await ann.client.user.follow({ userId: cat.id });
    const catOffline = await annSocket.next(isEvent("following_status"), 5000, since);
    expect(catOffline.payload).toEqual({ userId: cat.id, online: false });
  });
});
