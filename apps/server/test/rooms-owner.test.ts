import { createId } from "@paralleldrive/cuid2";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  LOBBY_CHANNEL,
  PERMISSION,
  ROOM_UNREAD_CAP,
  roomChannel,
  TOAST,
  type ServerFrame,
} from "@chatsphere/contract";
import { message, room, roomBan, roomMember } from "../src/db/schema";
import { useTestServer, type TestUser } from "./harness";
import { insertUsers, pageThrough, uniqueIds } from "./list-fixtures";
import { expectAlive, expectNoFrame, openSocket } from "./realtime-helpers";

/* Rooms users own (issue 11, item 1): create, my rooms, lock, ban, delete, read marks. */

const t = useTestServer();
const db = () => t.server.runtime.services.db;

const eventOn = (channel: string, event: string) => (f: ServerFrame) =>
  f.type === "event" && f.channel === channel && f.event === event;
/** The lobby hears that this room appeared, changed its lock or went away. */
const roomsChanged = (roomId: string) => (f: ServerFrame) =>
  f.type === "event" &&
  f.channel === LOBBY_CHANNEL &&
  f.event === "rooms_changed" &&
  f.payload.roomId === roomId;
const unsubscribedFrom = (channel: string) => (f: ServerFrame) =>
  f.type === "unsubscribed" && f.channel === channel;

async function listen(user: TestUser, channel: string) {
  const socket = t.closeAfter(await openSocket(t.server.wsUrl, user.cookie));
  expect(await socket.sub(channel)).toBe("subscribed");
  return socket;
}

/** A user room whose members are `memberIds` (owner `ownerId`), last active at `activity`. */
async function roomOf(memberIds: string[], activity: string, extra: { ownerId?: string } = {}) {
  const id = createId();
  const lastActivityAt = sql`${activity}::timestamptz`;
  await db()
    .insert(room)
    .values({ id, name: `Room ${id}`, kind: "user", lastActivityAt, ...extra });
  if (memberIds.length > 0) {
    await db()
      .insert(roomMember)
      .values(memberIds.map((userId) => ({ roomId: id, userId })));
  }
  return id;
}

const memberRow = async (roomId: string, userId: string) => {
  const [row] = await db()
    .select()
    .from(roomMember)
    .where(and(eq(roomMember.roomId, roomId), eq(roomMember.userId, userId)));
  return row ?? null;
};

describe("room.create", () => {
  it("creates a user room owned by the caller, with them as its member, and tells the lobby", async () => {
    const ann = await t.server.signUp();
    const lobby = await listen(await t.server.signUp(), LOBBY_CHANNEL);
    const created = await ann.client.room.create({ name: "  Book club  " });
    expect(created).toMatchObject({
      message: TOAST.roomCreated,
      room: { name: "Book club", kind: "user", ownerId: ann.id, isLocked: false },
    });
    expect(created.room).toMatchObject({ isMember: true, memberCount: 1, unreadCount: 0 });
    expect(new Date(created.room.lastActivityAt).toISOString()).toBe(created.room.lastActivityAt);
    const [row] = await db().select().from(room).where(eq(room.id, created.room.id));
    expect(row).toMatchObject({ kind: "user", ownerId: ann.id, name: "Book club" });
    expect(await memberRow(created.room.id, ann.id)).not.toBeNull();
    await lobby.next(roomsChanged(created.room.id));
  });
});

describe("room.getMyRooms", () => {
  it("lists the caller's open rooms once each, most recently active first, page by page", async () => {
    const ann = await t.server.signUp();
    const [other = ""] = await insertUsers(db(), 1, "other");
    const r1 = await roomOf([ann.id], "2024-01-01T00:00:00Z");
    const r2 = await roomOf([ann.id], "2024-03-01T00:00:00Z");
    const r3 = await roomOf([ann.id], "2024-02-01T00:00:00Z");
    // Same time for two, and a microsecond apart for a third: the id and the key's precision.
    const tied = [
      await roomOf([ann.id], "2024-02-15T00:00:00Z"),
      await roomOf([ann.id], "2024-02-15T00:00:00Z"),
    ].sort((a, b) => (a < b ? 1 : -1));
    const r6 = await roomOf([ann.id], "2024-02-15T00:00:00.000001Z");
    // Not hers, closed, or not a public room: never listed.
    await roomOf([other], "2025-01-01T00:00:00Z");
    const closed = await roomOf([ann.id], "2025-01-01T00:00:00Z");
    await db().update(room).set({ closedAt: new Date() }).where(eq(room.id, closed));
    await db().insert(room).values({ id: createId(), name: "Stranger chat", kind: "stranger" });

    const first = await ann.client.room.getMyRooms();
    expect(first.rooms.map((r) => r.id)).toEqual([r2, r6, ...tied, r3, r1]);
    expect(first.nextCursor).toBeNull();
    expect(first.rooms[0]).toMatchObject({
      lastActivityAt: "2024-03-01T00:00:00.000Z",
      isMember: true,
      unreadCount: 0,
    });
    const { items } = await pageThrough(async (cursor) => {
      const page = await ann.client.room.getMyRooms({ limit: 2, cursor });
      return { items: page.rooms, nextCursor: page.nextCursor };
    }, 2);
    expect(uniqueIds(items)).toEqual([r2, r6, ...tied, r3, r1]);
  });

  it("counts messages from others newer than the member's last read, up to the cap, until marked read", async () => {
    const ann = await t.server.signUp();
    const [bob = ""] = await insertUsers(db(), 1, "sender");
    const talk = await roomOf([ann.id, bob], "2024-05-01T10:40:00Z");
    const busy = await roomOf([ann.id, bob], "2024-05-01T12:00:00Z");
    const readAt = new Date("2024-05-01T10:00:00Z");
    await db().update(roomMember).set({ lastReadAt: readAt }).where(eq(roomMember.userId, ann.id));
    const say = (roomId: string, senderId: string, time: string) => ({
      id: createId(),
      roomId,
      senderId,
      content: "hi",
      createdAt: new Date(time),
    });
    await db()
      .insert(message)
      .values([
        say(talk, bob, "2024-05-01T09:00:00Z"),
        say(talk, bob, "2024-05-01T10:10:00Z"),
        say(talk, bob, "2024-05-01T10:20:00Z"),
        say(talk, ann.id, "2024-05-01T10:30:00Z"),
        say(talk, bob, "2024-05-01T10:40:00Z"),
      ]);
    await db()
      .insert(message)
      .values(
        Array.from({ length: ROOM_UNREAD_CAP + 20 }, (_, i) =>
          say(busy, bob, `2024-05-01T11:${String(i % 60).padStart(2, "0")}:00Z`),
        ),
      );
    const unread = async () =>
      Object.fromEntries(
        (await ann.client.room.getMyRooms()).rooms.map((r) => [r.id, r.unreadCount]),
      );
    expect(await unread()).toEqual({ [busy]: ROOM_UNREAD_CAP, [talk]: 3 });
    // join (already a member) answers with the same summary.
    const joined = await ann.client.room.join({ roomId: talk });
    expect(joined.room).toMatchObject({
      unreadCount: 3,
      lastActivityAt: "2024-05-01T10:40:00.000Z",
    });

    await expect(ann.client.room.markAsRead({ roomId: talk })).resolves.toEqual({ unreadCount: 0 });
    expect((await memberRow(talk, ann.id))?.lastReadAt.getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(await unread()).toEqual({ [busy]: ROOM_UNREAD_CAP, [talk]: 0 });
  });

  it("moves a room to the top and raises its unread count when another member sends a message", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const older = (await ann.client.room.create({ name: "Older room" })).room.id;
    const newer = (await ann.client.room.create({ name: "Newer room" })).room.id;
    const order = async () =>
      (await ann.client.room.getMyRooms()).rooms.map((r) => [r.id, r.unreadCount]);
    expect(await order()).toEqual([
      [newer, 0],
      [older, 0],
    ]);
    await bob.client.room.join({ roomId: older });
    const sent = await bob.client.message.send({ roomId: older, content: "anyone here?" });
    expect(await order()).toEqual([
      [older, 1],
      [newer, 0],
    ]);
    const mine = await ann.client.room.getMyRooms();
    expect(mine.rooms[0]?.lastActivityAt).toBe(sent.createdAt);
    await ann.client.room.markAsRead({ roomId: older });
    expect((await order())[0]).toEqual([older, 0]);
  });
});

describe("room.toggleLock", () => {
  it("locks and unlocks for the owner: members stay, non-members cannot join while locked", async () => {
    const [ann, bob, cat] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const roomId = await roomOf([ann.id, bob.id], "2024-01-01T00:00:00Z", { ownerId: ann.id });
    const lobby = await listen(cat, LOBBY_CHANNEL);
    await expect(ann.client.room.toggleLock({ roomId })).resolves.toEqual({
      message: TOAST.roomLockUpdated,
      isLocked: true,
    });
    await lobby.next(roomsChanged(roomId));
    await expect(cat.client.room.join({ roomId })).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.roomLocked,
    });
    expect(await memberRow(roomId, cat.id)).toBeNull();
    await expect(bob.client.room.join({ roomId })).resolves.toMatchObject({
      room: { isLocked: true, isMember: true },
    });
    const since = lobby.mark();
    await expect(ann.client.room.toggleLock({ roomId })).resolves.toMatchObject({
      isLocked: false,
    });
    await lobby.next(roomsChanged(roomId), 5000, since);
    await expect(cat.client.room.join({ roomId })).resolves.toMatchObject({
      room: { isMember: true },
    });
  });
});

describe("room.ban", () => {
  it("removes the member, keeps them out, tells the room and ends their subscription everywhere", async () => {
    const [ann, bob, cat] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const roomId = await roomOf([ann.id, bob.id, cat.id], "2024-01-01T00:00:00Z", {
      ownerId: ann.id,
    });
    const channel = roomChannel(roomId);
    const [bobSocket, catSocket] = [await listen(bob, channel), await listen(cat, channel)];
    await expect(ann.client.room.ban({ roomId, userId: bob.id })).resolves.toEqual({
      message: TOAST.userBanned,
    });
    for (const socket of [bobSocket, catSocket]) {
      const frame = await socket.next(eventOn(channel, "user_banned"));
      expect(frame).toMatchObject({ payload: { roomId, userId: bob.id } });
    }
    await bobSocket.next(unsubscribedFrom(channel));
    expect(await memberRow(roomId, bob.id)).toBeNull();
    expect(await db().select().from(roomBan).where(eq(roomBan.roomId, roomId))).toMatchObject([
      { userId: bob.id },
    ]);

    // The room goes on without them: cat hears the room, bob does not.
    const since = bobSocket.mark();
    t.server.runtime.services.realtime.publish(channel, "typing", { userId: ann.id, name: "ann" });
    await catSocket.next(eventOn(channel, "typing"));
    await expectNoFrame(bobSocket, eventOn(channel, "typing"), { since });
    await expectAlive(catSocket);
    await expect(bob.client.room.join({ roomId })).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.bannedFromRoom,
    });

    // A repeated ban succeeds, keeps one row and tells no one again.
    const catSince = catSocket.mark();
    await expect(ann.client.room.ban({ roomId, userId: bob.id })).resolves.toEqual({
      message: TOAST.userBanned,
    });
    expect(await db().select().from(roomBan).where(eq(roomBan.roomId, roomId))).toHaveLength(1);
    await expectNoFrame(catSocket, eventOn(channel, "user_banned"), { since: catSince });
  });
});

describe("room.delete", () => {
  it("removes the room with its members, messages, bans and files, closes it for everyone and tells the lobby", async () => {
    const [ann, bob, eve] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const { storage } = t.server.runtime.services;
    const roomId = await roomOf([ann.id, bob.id], "2024-01-01T00:00:00Z", { ownerId: ann.id });
    const keep = await roomOf([ann.id], "2024-01-01T00:00:00Z", { ownerId: ann.id });
    await db().insert(roomBan).values({ roomId, userId: eve.id });
    await db().insert(message).values({ id: createId(), roomId, senderId: bob.id, content: "bye" });
    const put = { contentType: "image/png", cacheControl: "private" };
    const bytes = new Uint8Array([1, 2, 3]);
    await storage.create(`chat/${roomId}/${bob.id}-1-a.png`, bytes, put);
    await storage.create(`chat/${keep}/${ann.id}-1-b.png`, bytes, put);
    const channel = roomChannel(roomId);
    const [annSocket, bobSocket] = [await listen(ann, channel), await listen(bob, channel)];
    const lobby = await listen(eve, LOBBY_CHANNEL);

    await expect(ann.client.room.delete({ id: roomId })).resolves.toEqual({
      message: TOAST.roomDeleted,
    });
    for (const socket of [annSocket, bobSocket]) {
      const closed = await socket.next(eventOn(channel, "room_closed"));
      expect(closed).toMatchObject({ payload: { roomId, reason: "deleted", byUserId: ann.id } });
      await socket.next(unsubscribedFrom(channel));
    }
    await lobby.next(roomsChanged(roomId));
    expect(await db().select().from(room).where(eq(room.id, roomId))).toEqual([]);
    expect(await db().select().from(roomMember).where(eq(roomMember.roomId, roomId))).toEqual([]);
    expect(await db().select().from(roomBan).where(eq(roomBan.roomId, roomId))).toEqual([]);
    expect(await db().select().from(message).where(eq(message.roomId, roomId))).toEqual([]);
    expect(await storage.stat(`chat/${roomId}/${bob.id}-1-a.png`)).toBeNull();
    expect(await storage.stat(`chat/${keep}/${ann.id}-1-b.png`)).not.toBeNull();
    const again = t.closeAfter(await openSocket(t.server.wsUrl, bob.cookie));
    expect(await again.sub(channel)).toBe("forbidden");
    expect((await bob.client.room.getMyRooms()).rooms.map((r) => r.id)).not.toContain(roomId);
  });
});
