import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION, roomChannel, TOAST } from "@chatsphere/contract";
import { follow, room, roomBan, roomMember } from "../src/db/schema";
import { GLOBAL_ROOMS } from "../src/features/rooms/global-rooms";
import { createTestServer, type TestServer } from "./harness";
import { openSocket, type TestSocket } from "./realtime-helpers";

let server: TestServer;
let wsUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  wsUrl = server.wsUrl;
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server.close();
});

const db = () => server.runtime.services.db;
const roomNamed = async (name: string) => {
  const [row] = await db().select({ id: room.id }).from(room).where(eq(room.name, name));
  if (!row) throw new Error(`no room ${name}`);
  return row.id;
};
const memberRow = async (roomId: string, userId: string) => {
  const [row] = await db()
    .select()
    .from(roomMember)
    .where(and(eq(roomMember.roomId, roomId), eq(roomMember.userId, userId)));
  return row ?? null;
};

describe("room.listRooms", () => {
  it("lists the global rooms from the first start, with membership and counts", async () => {
    const ann = await server.signUp();
    const musicId = await roomNamed("Music");
    await ann.client.room.join({ roomId: musicId });
    const { rooms } = await ann.client.room.listRooms();
    expect(rooms.map((r) => r.name)).toEqual(expect.arrayContaining(GLOBAL_ROOMS));
    const music = rooms.find((r) => r.id === musicId);
    expect(music).toMatchObject({ kind: "global", isMember: true, isLocked: false });
    expect(music?.memberCount).toBeGreaterThanOrEqual(1);
    // Every summary has its last activity time; unread counts are 0 for rooms one is not in.
    expect(rooms.every((r) => !Number.isNaN(Date.parse(r.lastActivityAt)))).toBe(true);
    expect(rooms.filter((r) => !r.isMember).every((r) => r.unreadCount === 0)).toBe(true);
    expect(rooms.every((r) => r.kind === "global" || r.kind === "user")).toBe(true);
  });

  it("is for registered users: a guest gets 403, a visitor 401", async () => {
    const guest = await server.signInAsGuest();
    await expect(guest.client.room.listRooms()).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.guestsNotAllowed,
    });
    await expect(server.client().room.listRooms()).rejects.toMatchObject({ status: 401 });
  });
});

describe("room.join", () => {
  it("adds the caller to a global room", async () => {
    const ann = await server.signUp();
    const roomId = await roomNamed("Gaming");
    await expect(ann.client.room.join({ roomId })).resolves.toMatchObject({
      message: TOAST.joinedRoom,
      room: { id: roomId, isMember: true, unreadCount: 0, lastActivityAt: expect.any(String) },
    });
    expect(await memberRow(roomId, ann.id)).not.toBeNull();
  });

  it("refuses a guest before looking at the input (403, not 400)", async () => {
    const guest = await server.signInAsGuest();
    const response = await server.request("/rpc/room/join", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: guest.cookie },
      body: JSON.stringify({ json: { roomId: "" } }),
    });
    expect(response.status).toBe(403);
    expect(await db().select().from(roomMember).where(eq(roomMember.userId, guest.id))).toEqual([]);
  });

  it("refuses a guest (403) and adds no row", async () => {
    const guest = await server.signInAsGuest();
    const roomId = await roomNamed("Gaming");
    await expect(guest.client.room.join({ roomId })).rejects.toMatchObject({ status: 403 });
    expect(await memberRow(roomId, guest.id)).toBeNull();
  });

  it("refuses a banned user (403) and adds no row", async () => {
    const eve = await server.signUp();
    const roomId = await roomNamed("Tech Talk");
    await db().insert(roomBan).values({ roomId, userId: eve.id });
    await expect(eve.client.room.join({ roomId })).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.bannedFromRoom,
    });
    expect(await memberRow(roomId, eve.id)).toBeNull();
  });

  it("cannot join a stranger room someone else is in (404)", async () => {
    const ann = await server.signUp();
    const bob = await server.signUp();
    const eve = await server.signUp();
    const roomId = "strangerroomjoin";
    await db().insert(room).values({ id: roomId, name: "Stranger chat", kind: "stranger" });
    await db()
      .insert(roomMember)
      .values([
        { roomId, userId: ann.id },
        { roomId, userId: bob.id },
      ]);
    await expect(eve.client.room.join({ roomId })).rejects.toMatchObject({ status: 404 });
    expect(await memberRow(roomId, eve.id)).toBeNull();
    const members = await db().select().from(roomMember).where(eq(roomMember.roomId, roomId));
    expect(members.map((m) => m.userId).sort()).toEqual([ann.id, bob.id].sort());
  });
});

describe("room.leave and room.listRoomMembers", () => {
  it("lists members only to members (403 otherwise)", async () => {
    const ann = await server.signUp();
    const eve = await server.signUp();
    const roomId = await roomNamed("Movies & TV");
    await ann.client.room.join({ roomId });
    const { members } = await ann.client.room.listRoomMembers({ roomId });
    expect(members.find((m) => m.userId === ann.id)?.user).toMatchObject({
      id: ann.id,
      isAnonymous: false,
    });
    // Nothing private travels: no e-mail in the member list.
    expect(JSON.stringify(members)).not.toContain("@example.com");
    await expect(eve.client.room.listRoomMembers({ roomId })).rejects.toMatchObject({
      status: 403,
    });
  });

  it("leaving removes the membership, ends the subscription and says so", async () => {
    const ann = await server.signUp();
    const roomId = await roomNamed("Travel");
    await ann.client.room.join({ roomId });
    const socket = await openSocket(wsUrl, ann.cookie);
    sockets.push(socket);
    expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
    await expect(ann.client.room.leave({ roomId })).resolves.toEqual({
      message: TOAST.leftRoom,
    });
    expect(await memberRow(roomId, ann.id)).toBeNull();
    await socket.next((f) => f.type === "unsubscribed" && f.channel === roomChannel(roomId));
  });

  it("refuses to leave a room the caller is not in (403) and changes no membership", async () => {
    const ann = await server.signUp();
    const roomId = await roomNamed("Travel");
    const membersOfRoom = () =>
      db()
        .select()
        .from(roomMember)
        .where(eq(roomMember.roomId, roomId))
        .orderBy(roomMember.userId);
    const before = await membersOfRoom();
    await expect(ann.client.room.leave({ roomId })).rejects.toMatchObject({ status: 403 });
    expect(await membersOfRoom()).toEqual(before);
  });
});

describe("user.userFollowing", () => {
  it("lists following, followers and the mutual ones with their flags", async () => {
    const ann = await server.signUp();
    const bob = await server.signUp();
    const cat = await server.signUp();
    await db()
      .insert(follow)
      .values([
        { followerId: ann.id, followingId: bob.id },
        { followerId: bob.id, followingId: ann.id },
        { followerId: ann.id, followingId: cat.id },
      ]);
    const lists = await ann.client.user.userFollowing();
    expect(lists.mutual.map((p) => p.id)).toEqual([bob.id]);
    expect(lists.following.map((p) => p.id).sort()).toEqual([bob.id, cat.id].sort());
    expect(lists.followers.map((p) => p.id)).toEqual([bob.id]);
    expect(lists.following.find((p) => p.id === cat.id)).toMatchObject({
      isFollowing: true,
      isFollower: false,
      isMutual: false,
    });
  });

  it("starts empty, and is refused to guests (403)", async () => {
    const dan = await server.signUp();
    await expect(dan.client.user.userFollowing()).resolves.toEqual({
      mutual: [],
      following: [],
      followers: [],
      nextCursors: { mutual: null, following: null, followers: null },
    });
    const guest = await server.signInAsGuest();
    await expect(guest.client.user.userFollowing()).rejects.toMatchObject({ status: 403 });
  });
});
