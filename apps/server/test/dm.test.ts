import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DM_UNANSWERED_CAP,
  PROFANITY_REPLACEMENT,
  roomChannel,
  userChannel,
} from "@chatsphere/contract";
import { room, roomMember, user } from "../src/db/schema";
import { PNG_1X1 } from "./content-fixtures";
import { uniqueEmail, useTestServer } from "./harness";
import { directChat, directRooms, followEachOther, isEvent, userSocket } from "./follow-fixtures";
import { isMessageEvent, roomOfKind, rowsOf } from "./message-fixtures";
import { openSocket } from "./realtime-helpers";

/*
 * Direct chats between mutual followers (SPEC §3-§5, issue 12 items 2 and 3): one room per
 * pair, messages both ways with media and the profanity filter, the three-unanswered rule,
 * and unread counts pushed to every device. Refusals are in hostile/dm.test.ts.
 */

const t = useTestServer();
const db = () => t.server.runtime.services.db;

const membersOf = (roomId: string) =>
  db()
    .select({ userId: roomMember.userId })
    .from(roomMember)
    .where(eq(roomMember.roomId, roomId))
    .orderBy(roomMember.userId);

describe("dm.getOrCreateChat", () => {
  it("gives both mutual followers the same direct room, with both as members", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    await followEachOther(db(), ann, bob);
    const fromAnn = await ann.client.dm.getOrCreateChat({ otherUserId: bob.id });
    const fromBob = await bob.client.dm.getOrCreateChat({ otherUserId: ann.id });
    expect(fromBob.room.id).toBe(fromAnn.room.id);
    expect(fromAnn.room.otherUser).toEqual({ id: bob.id, name: expect.any(String), image: null });
    expect(fromBob.room.otherUser.id).toBe(ann.id);
    const [row] = await db().select().from(room).where(eq(room.id, fromAnn.room.id));
    expect(row).toMatchObject({ kind: "direct", ownerId: null, closedAt: null });
    expect(await membersOf(fromAnn.room.id)).toEqual(
      [{ userId: ann.id }, { userId: bob.id }].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
    );
  });

  it("ten calls at once from both sides make one room", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    await followEachOther(db(), ann, bob);
    const before = (await directRooms(db())).length;
    const calls = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? ann.client.dm.getOrCreateChat({ otherUserId: bob.id })
        : bob.client.dm.getOrCreateChat({ otherUserId: ann.id }),
    );
    const ids = new Set((await Promise.all(calls)).map((answer) => answer.room.id));
    expect(ids.size).toBe(1);
    expect(await directRooms(db())).toHaveLength(before + 1);
  });
});

describe("messages in a direct chat", () => {
  it("go both ways, filtered for profanity, published to the pair's room channel", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    const socket = t.closeAfter(await openSocket(t.server.wsUrl, bob.cookie));
    expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
    const sent = await ann.client.message.send({ roomId, content: "oh sh1t, hi" });
    expect(sent.content).toBe(`oh ${PROFANITY_REPLACEMENT}, hi`);
    expect((await socket.next(isMessageEvent)).payload).toEqual(sent);
    await bob.client.message.send({ roomId, content: "hello" });
    const { messages } = await ann.client.message.list({ roomId });
    expect(messages.map((m) => [m.senderId, m.content])).toEqual([
      [ann.id, `oh ${PROFANITY_REPLACEMENT}, hi`],
      [bob.id, "hello"],
    ]);
  });

  it("carry photos like any chat", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    const file = new File([PNG_1X1], "dot.png", { type: "image/png" });
    const { url, media } = await ann.client.message.uploadMedia({ roomId, file });
    const sent = await ann.client.message.send({ roomId, content: url });
    expect(sent.media).toEqual(media);
    const { messages } = await bob.client.message.list({ roomId });
    expect(messages.map((m) => m.media?.kind)).toEqual(["image"]);
  });

  it(`a reply lets the sender write ${DM_UNANSWERED_CAP} more`, async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    for (let i = 1; i <= DM_UNANSWERED_CAP; i++) {
      await ann.client.message.send({ roomId, content: `ann ${i}` });
    }
    await bob.client.message.send({ roomId, content: "bob replies" });
    for (let i = 1; i <= DM_UNANSWERED_CAP; i++) {
      await ann.client.message.send({ roomId, content: `ann again ${i}` });
    }
    expect(await rowsOf(db(), roomId)).toHaveLength(2 * DM_UNANSWERED_CAP + 1);
  });

  it("a retried send of the last allowed message returns it instead of refusing it", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    const sends = Array.from({ length: DM_UNANSWERED_CAP }, (_, i) => ({
      roomId,
      content: `m${i}`,
      clientId: `c${i}`,
    }));
    const stored = [];
    for (const input of sends) stored.push(await ann.client.message.send(input));
    const retry = sends.at(-1);
    if (!retry) throw new Error("no send");
    await expect(ann.client.message.send(retry)).resolves.toEqual(stored.at(-1));
    expect(await rowsOf(db(), roomId)).toHaveLength(DM_UNANSWERED_CAP);
  });
});

describe("unread counts", () => {
  it("a message raises the recipient's count on every device of theirs at once", async () => {
    const [ann, bob, cat] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const withAnn = await directChat(t, bob, ann);
    const withCat = await directChat(t, bob, cat);
    await cat.client.message.send({ roomId: withCat, content: "from cat" });
    const [phone, laptop] = [await userSocket(t, bob), await userSocket(t, bob)];
    await ann.client.message.send({ roomId: withAnn, content: "from ann" });
    for (const device of [phone, laptop]) {
      // Cat's push may still arrive after the sockets opened (it does not hold up her send).
      const pushed = await device.next(
        (f) =>
          isEvent("dm_unread", userChannel(bob.id))(f) &&
          (f.payload as { roomId: string }).roomId === withAnn,
      );
      expect((pushed as { payload: unknown }).payload).toEqual({
        roomId: withAnn,
        unreadCount: 1,
        totalUnread: 2,
      });
    }
    await expect(bob.client.dm.getUnreadSummary()).resolves.toEqual({
      rooms: [
        { roomId: withAnn, unreadCount: 1 },
        { roomId: withCat, unreadCount: 1 },
      ].sort((a, b) => (a.roomId < b.roomId ? -1 : 1)),
      totalUnread: 2,
    });
    // The sender's own messages never count for them.
    await expect(ann.client.dm.getUnreadSummary()).resolves.toEqual({ rooms: [], totalUnread: 0 });
  });

  it("markAsRead clears the chat, and the reader's other devices hear it", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    await ann.client.message.send({ roomId, content: "one" });
    await ann.client.message.send({ roomId, content: "two" });
    const otherDevice = await userSocket(t, bob);
    await expect(bob.client.dm.markAsRead({ roomId })).resolves.toEqual({ unreadCount: 0 });
    const pushed = await otherDevice.next(isEvent("dm_unread"));
    expect(pushed.payload).toEqual({ roomId, unreadCount: 0, totalUnread: 0 });
    await expect(bob.client.dm.getUnreadSummary()).resolves.toEqual({ rooms: [], totalUnread: 0 });
  });
});

describe("dm.getLatestMessage", () => {
  it("is empty before the first message, then the newest one, and says whose it is", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    await followEachOther(db(), ann, bob);
    await expect(ann.client.dm.getLatestMessage({ otherUserId: bob.id })).resolves.toEqual({
      content: null,
      createdAt: null,
      fromMe: false,
    });
    const { room: chat } = await ann.client.dm.getOrCreateChat({ otherUserId: bob.id });
    await ann.client.message.send({ roomId: chat.id, content: "first" });
    const last = await bob.client.message.send({ roomId: chat.id, content: "last" });
    await expect(ann.client.dm.getLatestMessage({ otherUserId: bob.id })).resolves.toEqual({
      content: "last",
      createdAt: last.createdAt,
      fromMe: false,
    });
    await expect(bob.client.dm.getLatestMessage({ otherUserId: ann.id })).resolves.toMatchObject({
      content: "last",
      fromMe: true,
    });
  });

  it("stays readable to a member after an unfollow", async () => {
    const [ann, bob] = [await t.server.signUp(), await t.server.signUp()];
    const roomId = await directChat(t, ann, bob);
    await ann.client.message.send({ roomId, content: "before" });
    await ann.client.user.unfollow({ userId: bob.id });
    await expect(bob.client.dm.getLatestMessage({ otherUserId: ann.id })).resolves.toMatchObject({
      content: "before",
    });
  });
});

describe("a guest who makes an account from their guest session", () => {
  it("keeps their chats: memberships and messages move to the account before the guest goes", async () => {
    const [guest, stranger] = [await t.server.signInAsGuest(), await t.server.signUp()];
    const roomId = await roomOfKind(db(), "stranger", guest, stranger);
    const sent = await guest.client.message.send({ roomId, content: "hi, guest here" });
    const email = uniqueEmail("linked");
    const signUp = await t.server.postAuth(
      "/sign-up/email",
      { email, password: "password123", name: "linked" },
      guest.cookie,
    );
    expect(signUp.status).toBe(200);
    const { user: account } = (await signUp.json()) as { user: { id: string } };
    expect(account.id).not.toBe(guest.id);
    expect(await db().select().from(user).where(eq(user.id, guest.id))).toEqual([]);
    expect(await rowsOf(db(), roomId)).toEqual([
      { id: sent.id, senderId: account.id, content: "hi, guest here" },
    ]);
    expect((await membersOf(roomId)).map((m) => m.userId).sort()).toEqual(
      [account.id, stranger.id].sort(),
    );
    const linked = await t.server.signIn(email, "password123");
    const { messages } = await linked.client.message.list({ roomId });
    expect(messages.map((m) => [m.senderId, m.content])).toEqual([[account.id, "hi, guest here"]]);
  });

  it("signing in to an existing account merges the guest's chats into it, shared rooms once", async () => {
    const [guest, bob] = [await t.server.signInAsGuest(), await t.server.signUp()];
    const shared = await roomOfKind(db(), "stranger", guest, bob);
    const sent = await guest.client.message.send({ roomId: shared, content: "from the guest" });
    const signIn = await t.server.postAuth(
      "/sign-in/email",
      { email: bob.email, password: "password123" },
      guest.cookie,
    );
    expect(signIn.status).toBe(200);
    expect(await membersOf(shared)).toEqual([{ userId: bob.id }]);
    expect(await rowsOf(db(), shared)).toEqual([
      { id: sent.id, senderId: bob.id, content: "from the guest" },
    ]);
  });
});
