import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ADMIN_ERROR,
  CLOSE_CODES,
  DELETED_USER,
  roomChannel,
  type ListUsersInput,
  type ServerFrame,
} from "@chatsphere/contract";
import { message, room, roomBan, roomMember, session, user } from "../src/db/schema";
import * as service from "../src/features/admin-users/service";
import {
  expectSignInBanned,
  insertAccounts,
  rowsReferencing,
  sessionCount,
  signInAnswer,
  userRow,
} from "./admin-users-fixtures";
import { publish } from "./content-fixtures";
import { directChat } from "./follow-fixtures";
import { createTestServer, ORIGIN, uniqueEmail, useTestServer, type TestUser } from "./harness";
import { roomOfKind, rowsOf } from "./message-fixtures";
import { expectAlive, generalRoomId, openSocket, tryOpen } from "./realtime-helpers";

/* Manage Users on the server (issue 13): admin.listUsers, banUser, unbanUser, removeUser. */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

type ListCall = { page?: number; limit?: number; filter?: Partial<ListUsersInput["filter"]> };

/** admin.listUsers as the admin, every user type and the largest page unless told. */
const list = (input: ListCall) =>
  t.admin.client.admin.listUsers({
    page: input.page ?? 1,
    limit: input.limit ?? 50,
    filter: { userType: "all", ...input.filter },
  });

async function socketOf(person: TestUser) {
  return t.closeAfter(await openSocket(t.server.wsUrl, person.cookie));
}

describe("admin.listUsers", () => {
  it("filters by a part of the name in any case, taking %, _ and \\ literally", async () => {
    const tag = `Nm${Date.now().toString(36)}`;
    const names = [
      `${tag} Alpha`,
      `${tag.toLowerCase()} beta`,
      `x${tag.toUpperCase()}y`,
      `${tag} 100%`,
      `${tag} snake_case`,
      `${tag} back\\slash`,
      `${tag} 1000`,
    ];
    await db()
      .insert(user)
      .values(
        names.map((name, i) => ({ id: `${tag}-${i}`, name, email: `${tag}-${i}@example.com` })),
      );
    const namesFor = async (name: string) =>
      (await list({ filter: { name } })).users.map((u) => u.name).sort();

    expect(await namesFor(tag.toLowerCase())).toEqual([...names].sort());
    expect(await namesFor(`  ${tag.toUpperCase()} ALPHA  `)).toEqual([`${tag} Alpha`]);
    // Wildcards and the escape character stand for themselves.
    expect(await namesFor(`${tag} 100%`)).toEqual([`${tag} 100%`]);
    expect(await namesFor("%")).toEqual([`${tag} 100%`]);
    expect(await namesFor("e_c")).toEqual([`${tag} snake_case`]);
    expect(await namesFor("_")).toEqual([`${tag} snake_case`]);
    expect(await namesFor("\\")).toEqual([`${tag} back\\slash`]);
    expect(await namesFor(`${tag} 1_0`)).toEqual([]);
    // An empty filter is no filter.
    const all = await list({ filter: { name: "" } });
    expect(all.total).toBeGreaterThanOrEqual(names.length + 1);
  });

  it("filters guests and registered users; the two add up to all", async () => {
    const prefix = `Kind${Date.now().toString(36)}`;
    const guests = await insertAccounts(db(), { count: 3, prefix, isAnonymous: true });
    const members = await insertAccounts(db(), { count: 2, prefix, isAnonymous: false });
    const of = async (userType: ListUsersInput["filter"]["userType"]) =>
      (await list({ filter: { name: prefix, userType } })).users.map((u) => u.id).sort();
    expect(await of("guest")).toEqual([...guests].sort());
    expect(await of("non-guest")).toEqual([...members].sort());
    expect(await of("all")).toEqual([...guests, ...members].sort());

    const totals = await Promise.all(
      (["all", "guest", "non-guest"] as const).map(
        async (userType) => (await list({ filter: { userType } })).total,
      ),
    );
    expect(totals[0]).toBe((totals[1] ?? 0) + (totals[2] ?? 0));
  });

  it("pages newest first with the pager's totals; every row once, a page past the end empty", async () => {
    const prefix = `Pg${Date.now().toString(36)}`;
    const oldestFirst = await insertAccounts(db(), { count: 23, prefix, isAnonymous: false });
    const newestFirst = [...oldestFirst].reverse();
    const filter = { name: prefix };

    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const answer = await list({ page, limit: 5, filter });
      expect(answer).toMatchObject({
        total: 23,
        totalPages: 5,
        hasNextPage: page < 5,
        hasPreviousPage: page > 1,
      });
      expect(answer.users).toHaveLength(page < 5 ? 5 : 3);
      seen.push(...answer.users.map((u) => u.id));
    }
    // Pages 4 and 5 are read from the oldest end: the same rows, in the same order.
    expect(seen).toEqual(newestFirst);

    for (const page of [6, 1000]) {
      expect(await list({ page, limit: 5, filter })).toEqual({
        users: [],
        total: 23,
        totalPages: 5,
        hasNextPage: false,
        hasPreviousPage: true,
      });
    }
    expect(await list({ filter: { name: `${prefix}-none` } })).toEqual({
      users: [],
      total: 0,
      totalPages: 0,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    // Odd sizes agree with one another at every split.
    for (const limit of [1, 4, 7, 22, 23, 50]) {
      const ids: string[] = [];
      const pages = Math.ceil(23 / limit);
      for (let page = 1; page <= pages; page++) {
        ids.push(...(await list({ page, limit, filter })).users.map((u) => u.id));
      }
      expect(ids).toEqual(newestFirst);
    }
  });

  it("shows admins the record of SPEC §3: id, name, e-mail, guest or not, banned, role", async () => {
    const guest = await t.server.signInAsGuest();
    const answer = await list({ filter: { name: "", userType: "all" } });
    const adminRow = answer.users.find((u) => u.id === t.admin.id);
    expect(adminRow).toEqual({
      id: t.admin.id,
      name: expect.any(String),
      email: t.admin.email,
      isAnonymous: false,
      banned: false,
      role: "admin",
    });
    expect(answer.users.find((u) => u.id === guest.id)).toMatchObject({
      isAnonymous: true,
      role: "user",
    });
  });
});

describe("admin.banUser and admin.unbanUser", () => {
  it("a ban closes the user's socket at once, ends their sessions and refuses sign-in with its text; unban lets them in again", async () => {
    const victim = await t.server.signUp();
    const socket = await socketOf(victim);
    await expect(victim.client.user.getBio()).resolves.toEqual({ bio: "" });

    await expect(t.admin.client.admin.banUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    expect(await socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victim.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    expect(await sessionCount(db(), victim.id)).toBe(0);
    expect(await userRow(db(), victim.id)).toMatchObject({ banned: true });
    await expectSignInBanned(t.server, victim.email);
    expect((await list({ filter: { name: victim.email.split("@")[0] } })).users[0]).toMatchObject({
      id: victim.id,
      banned: true,
    });
    // Banning again is harmless.
    await expect(t.admin.client.admin.banUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });

    await expect(t.admin.client.admin.unbanUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    expect(await userRow(db(), victim.id)).toMatchObject({ banned: false });
    const again = await t.server.signIn(victim.email, "password123");
    await expect(again.client.user.getBio()).resolves.toEqual({ bio: "" });
  });

  it("a banned guest loses their session and socket the same way", async () => {
    const guest = await t.server.signInAsGuest();
    const socket = await socketOf(guest);
    await t.admin.client.admin.banUser({ userId: guest.id });
    expect(await socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(guest.client.room.findStranger({ continent: "Europe" })).rejects.toMatchObject({
      status: 401,
    });
    expect(await userRow(db(), guest.id)).toMatchObject({ banned: true, isAnonymous: true });
  });

  it("an admin cannot ban themselves (400) and an unknown user is 404; nothing changes", async () => {
    const socket = await socketOf(t.admin);
    await expect(t.admin.client.admin.banUser({ userId: t.admin.id })).rejects.toMatchObject({
      status: 400,
      message: ADMIN_ERROR.cannotBanSelf,
    });
    for (const call of ["banUser", "unbanUser", "removeUser"] as const) {
      await expect(t.admin.client.admin[call]({ userId: "no-such-user" })).rejects.toMatchObject({
        status: 404,
        message: ADMIN_ERROR.userNotFound,
      });
    }
    expect(await userRow(db(), t.admin.id)).toMatchObject({ banned: false, role: "admin" });
    await expectAlive(socket);
  });
});

describe("the last admin", () => {
  it("the only admin who is not banned can be neither banned nor removed, even by a caller whose rights went meanwhile (400)", async () => {
    const someone = await t.server.signUp();
    const { services } = t.server.runtime;
    // The service re-checks inside its transaction; a caller who is no longer an admin gets
    // here only through a race, which this reproduces by calling it directly.
    for (const act of [service.banUser, service.removeUser]) {
      await expect(
        act(services, { adminId: someone.id, userId: t.admin.id }),
      ).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: ADMIN_ERROR.lastAdmin,
      });
    }
    // And no longer an admin, they may not act on anyone else either.
    const other = await t.server.signUp();
    await expect(
      service.banUser(services, { adminId: someone.id, userId: other.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await userRow(db(), t.admin.id)).toMatchObject({ banned: false, role: "admin" });
    expect(await userRow(db(), other.id)).toMatchObject({ banned: false });
  });

  it("two admins banning each other at the same moment leave one admin, not none", async () => {
    const server = await createTestServer();
    try {
      const first = await server.createAdmin();
      // Once an admin exists, only an admin may make another.
      const email = uniqueEmail("admin");
      const password = "password123";
      await first.client.admin.signUp({ email, password, confirmPassword: password });
      const second = await server.signIn(email, password);
      const results = await Promise.allSettled([
        first.client.admin.banUser({ userId: second.id }),
        second.client.admin.banUser({ userId: first.id }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refusal = results.find((r) => r.status === "rejected");
      // Refused in the transaction (the last admin), or already signed out by the other ban.
      expect([400, 401]).toContain((refusal?.reason as { status?: number }).status);
      const active = await server.runtime.services.db
        .select({ id: user.id })
        .from(user)
        .where(sql`${user.role} = 'admin' and not ${user.banned}`);
      expect(active).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe("admin.removeUser", () => {
  const closedEvent = (roomId: string) => (f: ServerFrame) =>
    f.type === "event" && f.event === "room_closed" && f.channel === roomChannel(roomId);

  it("deletes the account and everything only theirs, and leaves no row that references it", async () => {
    const { storage } = t.server.runtime.services;
    const [victim, friend, owner] = [
      await t.server.signUp(),
      await t.server.signUp(),
      await t.server.signUp(),
    ];
    const victimSocket = await socketOf(victim);

    // Their own room, with a member, messages from both and a file.
    const { room: own } = await victim.client.room.create({ name: "Victim's room" });
    await friend.client.room.join({ roomId: own.id });
    await victim.client.message.send({ roomId: own.id, content: "mine" });
    await friend.client.message.send({ roomId: own.id, content: "friend's, in their room" });
    const fileKey = `chat/${own.id}/${victim.id}-1-photo.png`;
    await storage.create(fileKey, new Uint8Array([1, 2, 3]), {
      contentType: "image/png",
      cacheControl: "private",
    });
    const friendSocket = await socketOf(friend);
    expect(await friendSocket.sub(roomChannel(own.id))).toBe("subscribed");

    // Messages in rooms that are not theirs, a direct chat, follows, a ban elsewhere.
    const general = await generalRoomId(t.server);
    await victim.client.room.join({ roomId: general });
    const inGeneral = await victim.client.message.send({ roomId: general, content: "hello all" });
    const dm = await directChat(t, victim, friend);
    await victim.client.message.send({ roomId: dm, content: "direct hello" });
    const { room: ownersRoom } = await owner.client.room.create({ name: "Owner's room" });
    await victim.client.room.join({ roomId: ownersRoom.id });
    await owner.client.room.ban({ roomId: ownersRoom.id, userId: victim.id });
    // Content of theirs elsewhere: feedback and a blog comment.
    await victim.client.feedback.create({ message: "Nice site" });
    const post = await publish(t.admin);
    await victim.client.blog.createComment({ blogId: post.id, text: "First!" });

    const before = await rowsReferencing(db(), victim.id);
    expect(before['"user".id'] ?? 0).toBe(0);
    expect(Object.values(before).reduce((a, b) => a + b, 0)).toBeGreaterThan(8);

    await expect(t.admin.client.admin.removeUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });

    // Nothing anywhere names them.
    const after = await rowsReferencing(db(), victim.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await userRow(db(), victim.id)).toBeNull();
    expect(await victimSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victim.client.user.getBio()).rejects.toMatchObject({ status: 401 });

    // Their room went with its messages and its file; its member was told.
    expect(await db().select().from(room).where(eq(room.id, own.id))).toEqual([]);
    expect(await rowsOf(db(), own.id)).toEqual([]);
    expect(await storage.stat(fileKey)).toBeNull();
    const closed = await friendSocket.next(closedEvent(own.id));
    expect(closed).toMatchObject({ payload: { roomId: own.id, reason: "deleted" } });
    await expect(friend.client.message.list({ roomId: own.id })).rejects.toMatchObject({
      status: 403,
    });

    // Their message in General stays, from "Deleted user".
    const [kept] = await db().select().from(message).where(eq(message.id, inGeneral.id));
    expect(kept).toMatchObject({ senderId: null, content: "hello all" });
    await friend.client.room.join({ roomId: general });
    const history = await friend.client.message.list({ roomId: general });
    expect(history.messages.find((m) => m.id === inGeneral.id)).toMatchObject({
      senderId: DELETED_USER.id,
      sender: { id: DELETED_USER.id, name: DELETED_USER.name, image: null },
      content: "hello all",
    });
    // The direct chat stays the friend's, readable, with the deleted sender.
    const direct = await friend.client.message.list({ roomId: dm });
    expect(direct.messages.map((m) => [m.senderId, m.content])).toEqual([
      [DELETED_USER.id, "direct hello"],
    ]);
    await expect(
      friend.client.dm.getLatestMessage({ otherUserId: victim.id }),
    ).resolves.toMatchObject({ content: "direct hello", fromMe: false });
    // Lists that join users and messages still answer.
    const lists = await friend.client.user.userFollowing();
    expect(JSON.stringify(lists)).not.toContain(victim.id);
    await expect(friend.client.room.getMyRooms()).resolves.toBeDefined();
    await expect(friend.client.dm.getUnreadSummary()).resolves.toBeDefined();
    // The ban row went, the banning room stays.
    expect(await db().select().from(roomBan).where(eq(roomBan.roomId, ownersRoom.id))).toEqual([]);
  });

  it("a one-to-one room stays while someone is left in it, and goes with its files once nobody is", async () => {
    const { storage } = t.server.runtime.services;
    const [ann, bob] = [await t.server.signInAsGuest(), await t.server.signInAsGuest()];
    const roomId = await roomOfKind(db(), "stranger", ann, bob);
    await db()
      .insert(message)
      .values([
        { id: `${roomId}-a`, roomId, senderId: ann.id, content: "hi" },
        { id: `${roomId}-b`, roomId, senderId: bob.id, content: "hey" },
      ]);
    const fileKey = `chat/${roomId}/${ann.id}-1-photo.png`;
    await storage.create(fileKey, new Uint8Array([1]), {
      contentType: "image/png",
      cacheControl: "private",
    });

    await t.admin.client.admin.removeUser({ userId: ann.id });
    expect(await rowsOf(db(), roomId)).toEqual([
      { id: `${roomId}-a`, senderId: null, content: "hi" },
      { id: `${roomId}-b`, senderId: bob.id, content: "hey" },
    ]);
    const history = await bob.client.message.list({ roomId });
    expect(history.messages.map((m) => m.sender.name)).toEqual([
      DELETED_USER.name,
      expect.any(String),
    ]);
    expect(await storage.stat(fileKey)).not.toBeNull();

    await t.admin.client.admin.removeUser({ userId: bob.id });
    expect(await db().select().from(room).where(eq(room.id, roomId))).toEqual([]);
    expect(await rowsOf(db(), roomId)).toEqual([]);
    expect(await db().select().from(roomMember).where(eq(roomMember.roomId, roomId))).toEqual([]);
    expect(await storage.stat(fileKey)).toBeNull();
  });

  it("removing oneself is refused (400) and changes nothing", async () => {
    await expect(t.admin.client.admin.removeUser({ userId: t.admin.id })).rejects.toMatchObject({
      status: 400,
      message: ADMIN_ERROR.cannotDeleteSelf,
    });
    expect(await userRow(db(), t.admin.id)).toMatchObject({ role: "admin" });
    expect(await sessionCount(db(), t.admin.id)).toBeGreaterThan(0);
  });

  it("a removed account cannot sign in any more", async () => {
    const gone = await t.server.signUp();
    await t.admin.client.admin.removeUser({ userId: gone.id });
    expect((await signInAnswer(t.server, gone.email)).status).toBe(401);
  });
});

describe("deleting one's own account (better-auth's /delete-user)", () => {
  it("takes their rooms with messages and files and their picture, tells the members, keeps their words elsewhere", async () => {
    const { storage } = t.server.runtime.services;
    const [leaver, friend] = [await t.server.signUp(), await t.server.signUp()];
    const { room: own } = await leaver.client.room.create({ name: "Leaver's room" });
    await friend.client.room.join({ roomId: own.id });
    await friend.client.message.send({ roomId: own.id, content: "in their room" });
    const fileKey = `chat/${own.id}/${leaver.id}-1-photo.png`;
    const pictureKey = `avatars/${leaver.id}/1-me.png`;
    for (const key of [fileKey, pictureKey]) {
      await storage.create(key, new Uint8Array([1, 2, 3]), {
        contentType: "image/png",
        cacheControl: "private",
      });
    }
    const general = await generalRoomId(t.server);
    await leaver.client.room.join({ roomId: general });
    const said = await leaver.client.message.send({ roomId: general, content: "bye all" });
    const friendSocket = await socketOf(friend);
    expect(await friendSocket.sub(roomChannel(own.id))).toBe("subscribed");

    const answer = await t.server.postAuth(
      "/delete-user",
      { password: "password123" },
      leaver.cookie,
    );
    expect(answer.status).toBe(200);

    expect(await userRow(db(), leaver.id)).toBeNull();
    const left = await rowsReferencing(db(), leaver.id);
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    expect(await db().select().from(room).where(eq(room.id, own.id))).toEqual([]);
    expect(await rowsOf(db(), own.id)).toEqual([]);
    expect(await storage.stat(fileKey)).toBeNull();
    expect(await storage.stat(pictureKey)).toBeNull();
    expect(
      await friendSocket.next(
        (f: ServerFrame) =>
          f.type === "event" && f.event === "room_closed" && f.channel === roomChannel(own.id),
      ),
    ).toMatchObject({ payload: { roomId: own.id, reason: "deleted", byUserId: leaver.id } });
    const [kept] = await db().select().from(message).where(eq(message.id, said.id));
    expect(kept).toMatchObject({ senderId: null, content: "bye all" });
  });

  it("the last admin cannot delete their own account (400 with its text), which stays whole", async () => {
    const answer = await t.server.postAuth(
      "/delete-user",
      { password: "password123" },
      t.admin.cookie,
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: ADMIN_ERROR.lastAdmin });
    expect(await userRow(db(), t.admin.id)).toMatchObject({ role: "admin" });
    expect(await sessionCount(db(), t.admin.id)).toBeGreaterThan(0);
    await expect(
      t.admin.client.admin.listUsers({ page: 1, limit: 5, filter: { userType: "all" } }),
    ).resolves.toBeDefined();
  });
});

describe("a session of a banned user", () => {
  it("opens nothing, even one written after the ban (a sign-in that raced it)", async () => {
    const late = await t.server.signUp();
    const token = (await db().select().from(session).where(eq(session.userId, late.id)))[0]?.token;
    expect(token).toBeTruthy();
    await t.admin.client.admin.banUser({ userId: late.id });
    // The sign-in that began before the ban committed writes its session just after.
    await db()
      .insert(session)
      .values({
        id: `raced-${late.id}`,
        token: token ?? "",
        userId: late.id,
        // Fresh: read by the server's own lookup, not handed to better-auth for a refresh.
        expiresAt: new Date(Date.now() + 30 * 86_400_000 - 60_000),
      });
    await expect(late.client.user.getBio()).rejects.toMatchObject({ status: 401 });
    expect(await tryOpen(t.server.wsUrl, { cookie: late.cookie, origin: ORIGIN })).toEqual({
      status: 401,
    });
  });
});
