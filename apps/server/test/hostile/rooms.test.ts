import { createId } from "@paralleldrive/cuid2";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  LOBBY_CHANNEL,
  PERMISSION,
  ROOM_NAME_MAX_LENGTH,
  roomChannel,
  VALIDATION,
  type ServerFrame,
} from "@chatsphere/contract";
import { message, room, roomBan, roomMember } from "../../src/db/schema";
import { useTestServer, type TestUser } from "../harness";
import { generalRoomId, expectNoFrame, openSocket, type TestSocket } from "../realtime-helpers";

/*
 * Owner-only room actions as everyone else tries them (issue 11, item 1). Each refusal asserts
 * the status and text, re-reads the room's rows (and files where a delete was refused), and
 * shows that nothing went out on the room's channel or the lobby.
 */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

/** Everything a refused call must leave as it was. */
async function stateOf(roomId: string) {
  const { storage } = t.server.runtime.services;
  return {
    room: await db().select().from(room).where(eq(room.id, roomId)),
    members: await db()
      .select()
      .from(roomMember)
      .where(eq(roomMember.roomId, roomId))
      .orderBy(asc(roomMember.userId)),
    bans: await db()
      .select()
      .from(roomBan)
      .where(eq(roomBan.roomId, roomId))
      .orderBy(asc(roomBan.userId)),
    messages: await db()
      .select()
      .from(message)
      .where(eq(message.roomId, roomId))
      .orderBy(asc(message.seq)),
    file: (await storage.stat(`chat/${roomId}/owner-1-photo.png`))?.size ?? null,
  };
}

/** Any event or ended subscription: what no refusal may cause. */
const isNews = (f: ServerFrame) => f.type === "event" || f.type === "unsubscribed";

/**
 * Ann owns a room with Bob in it, a message and a file; Eve is banned from it; Oz is a
 * registered outsider. Bob's socket holds the room's channel and the lobby.
 */
async function ownedRoom() {
  const [ann, bob, eve, oz] = [
    await t.server.signUp(),
    await t.server.signUp(),
    await t.server.signUp(),
    await t.server.signUp(),
  ];
  const roomId = createId();
  await db().insert(room).values({ id: roomId, name: "Ann's room", kind: "user", ownerId: ann.id });
  await db()
    .insert(roomMember)
    .values([
      { roomId, userId: ann.id },
      { roomId, userId: bob.id },
    ]);
  await db().insert(roomBan).values({ roomId, userId: eve.id });
  await db().insert(message).values({ id: createId(), roomId, senderId: ann.id, content: "hello" });
  const bytes = new Uint8Array([137, 80, 78, 71]);
  await t.server.runtime.services.storage.create(`chat/${roomId}/owner-1-photo.png`, bytes, {
    contentType: "image/png",
    cacheControl: "private",
  });
  const watcher = t.closeAfter(await openSocket(t.server.wsUrl, bob.cookie));
  expect(await watcher.sub(roomChannel(roomId))).toBe("subscribed");
  expect(await watcher.sub(LOBBY_CHANNEL)).toBe("subscribed");
  const before = await stateOf(roomId);
  expect(before.file).toBe(bytes.length);
  return { ann, bob, eve, oz, roomId, watcher, before };
}

/** The owner-only calls on a room, as `user` makes them. */
const ownerCalls = (user: TestUser, roomId: string, target: string) => ({
  toggleLock: () => user.client.room.toggleLock({ roomId }),
  ban: () => user.client.room.ban({ roomId, userId: target }),
  delete: () => user.client.room.delete({ id: roomId }),
});

async function expectQuiet(watcher: TestSocket, since: number) {
  await expectNoFrame(watcher, isNews, { since });
}

describe("room.create refusals", () => {
  const rowsNamed = (name: string) => db().select().from(room).where(eq(room.name, name));

  it("guest cannot create a room (403, no row), even with an invalid name; a visitor gets 401", async () => {
    const guest = await t.server.signInAsGuest();
    await expect(guest.client.room.create({ name: "Guest room" })).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.guestsNotAllowed,
    });
    await expect(guest.client.room.create({ name: "" })).rejects.toMatchObject({ status: 403 });
    await expect(t.server.client().room.create({ name: "Guest room" })).rejects.toMatchObject({
      status: 401,
    });
    expect(await rowsNamed("Guest room")).toEqual([]);
    expect(await db().select().from(room).where(eq(room.ownerId, guest.id))).toEqual([]);
  });

  it("a name under 3 characters (after trimming) is refused (400, the spec's text), no row", async () => {
    const ann = await t.server.signUp();
    for (const name of ["ab", "  ab  ", ""]) {
      await expect(ann.client.room.create({ name })).rejects.toMatchObject({
        status: 400,
        message: VALIDATION.roomNameMin,
      });
    }
    expect(await db().select().from(room).where(eq(room.ownerId, ann.id))).toEqual([]);
  });

  it("a name over 90 characters is refused (400), no row", async () => {
    const ann = await t.server.signUp();
    await expect(
      ann.client.room.create({ name: "x".repeat(ROOM_NAME_MAX_LENGTH + 1) }),
    ).rejects.toMatchObject({ status: 400, message: VALIDATION.roomNameTooLong });
    expect(await db().select().from(room).where(eq(room.ownerId, ann.id))).toEqual([]);
  });
});

describe("owner-only actions refused to everyone else", () => {
  it("a member who is not the owner cannot lock, ban or delete (403), nothing changes, nothing is sent", async () => {
    const { ann, bob, roomId, watcher, before } = await ownedRoom();
    const since = watcher.mark();
    for (const call of Object.values(ownerCalls(bob, roomId, ann.id))) {
      await expect(call()).rejects.toMatchObject({ status: 403, message: PERMISSION.notRoomOwner });
    }
    expect(await stateOf(roomId)).toEqual(before);
    await expectQuiet(watcher, since);
  });

  it("an outsider cannot lock, ban or delete (403), nothing changes, nothing is sent", async () => {
    const { bob, oz, roomId, watcher, before } = await ownedRoom();
    const since = watcher.mark();
    for (const call of Object.values(ownerCalls(oz, roomId, bob.id))) {
      await expect(call()).rejects.toMatchObject({ status: 403, message: PERMISSION.notRoomOwner });
    }
    expect(await stateOf(roomId)).toEqual(before);
    await expectQuiet(watcher, since);
  });

  it("a global room cannot be locked, banned in or deleted by anyone, admins included (403)", async () => {
    const { bob, watcher } = await ownedRoom();
    const general = await generalRoomId(t.server);
    await db().insert(roomMember).values({ roomId: general, userId: bob.id });
    const before = await stateOf(general);
    const since = watcher.mark();
    for (const user of [bob, t.admin]) {
      for (const call of Object.values(ownerCalls(user, general, bob.id))) {
        await expect(call()).rejects.toMatchObject({
          status: 403,
          message: PERMISSION.globalRoomFixed,
        });
      }
    }
    expect(await stateOf(general)).toEqual(before);
    await expectQuiet(watcher, since);
  });

  it("the owner cannot ban themselves (400) nor someone who is not in the room (404)", async () => {
    const { ann, oz, roomId, watcher, before } = await ownedRoom();
    const since = watcher.mark();
    await expect(ann.client.room.ban({ roomId, userId: ann.id })).rejects.toMatchObject({
      status: 400,
      message: PERMISSION.cannotBanOwner,
    });
    for (const userId of [oz.id, "no-such-user"]) {
      await expect(ann.client.room.ban({ roomId, userId })).rejects.toMatchObject({
        status: 404,
        message: PERMISSION.userNotInRoom,
      });
    }
    expect(await stateOf(roomId)).toEqual(before);
    await expectQuiet(watcher, since);
  });

  it("an unknown room cannot be locked, banned in or deleted (404)", async () => {
    const { ann, bob, watcher } = await ownedRoom();
    const since = watcher.mark();
    for (const call of Object.values(ownerCalls(ann, "no-such-room", bob.id))) {
      await expect(call()).rejects.toMatchObject({ status: 404, message: PERMISSION.roomNotFound });
    }
    await expectQuiet(watcher, since);
  });
});

describe("a banned user stays out", () => {
  it("a banned user cannot join, list messages or members, send, or subscribe (403), and nothing changes", async () => {
    const { eve, roomId, watcher, before } = await ownedRoom();
    const since = watcher.mark();
    const refusals: [() => Promise<unknown>, string][] = [
      [() => eve.client.room.join({ roomId }), PERMISSION.bannedFromRoom],
      [() => eve.client.message.list({ roomId }), PERMISSION.notRoomMember],
      [() => eve.client.room.listRoomMembers({ roomId }), PERMISSION.notRoomMember],
      [() => eve.client.message.send({ roomId, content: "let me in" }), PERMISSION.notRoomMember],
      [() => eve.client.room.markAsRead({ roomId }), PERMISSION.notRoomMember],
    ];
    for (const [call, text] of refusals) {
      await expect(call()).rejects.toMatchObject({ status: 403, message: text });
    }
    const socket = t.closeAfter(await openSocket(t.server.wsUrl, eve.cookie));
    expect(await socket.sub(roomChannel(roomId))).toBe("forbidden");
    expect(await stateOf(roomId)).toEqual(before);
    await expectQuiet(watcher, since);
  });
});

describe("other refusals", () => {
  it("an outsider cannot mark a room read (403) nor join it while it is locked (403), no row", async () => {
    const { oz, roomId, watcher } = await ownedRoom();
    await db().update(room).set({ isLocked: true }).where(eq(room.id, roomId));
    const before = await stateOf(roomId);
    const since = watcher.mark();
    await expect(oz.client.room.markAsRead({ roomId })).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.notRoomMember,
    });
    await expect(oz.client.room.join({ roomId })).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.roomLocked,
    });
    expect(await stateOf(roomId)).toEqual(before);
    await expectQuiet(watcher, since);
  });
});
