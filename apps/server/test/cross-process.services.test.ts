import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CLOSE_CODES,
  LOBBY_CHANNEL,
  roomChannel,
  userChannel,
  type EventFrame,
  type ServerFrame,
  type StrangerRoom,
} from "@chatsphere/contract";
import { useTwoProcesses } from "./two-processes";

/*
 * Two real server processes share one PostgreSQL database and one Redis (as behind a load
 * balancer). Runs in `npm run test:services`.
 */
describe("two server processes on Redis", () => {
  const { bases, post, cookieOf, ...two } = useTwoProcesses({ name: "xproc" });

  async function guestOn(base: string) {
    const { id, cookie } = await two.guestOn(base);
    const { client, socket } = await connect(base, cookie, id);
    return { id, cookie, client, socket };
  }

  /** An RPC client and a socket (subscribed to the user's channel) on a process. */
  async function connect(base: string, cookie: string, userId: string) {
    const client = two.clientOn(base, cookie);
    const socket = await two.socketOn(base, { cookie }, userChannel(userId));
    return { client, socket };
  }

  const isEvent =
    (event: string, check: (f: EventFrame) => boolean = () => true) =>
    (f: ServerFrame): f is EventFrame =>
      f.type === "event" && f.event === event && check(f);

  it("matches two clients connected to different processes, and they talk", async () => {
    const [first = "", second = ""] = bases;
    const ann = await guestOn(first);
    const bob = await guestOn(second);

    await expect(ann.client.room.findStranger({ continent: "Europe" })).resolves.toEqual({
      status: "waiting",
    });
    await expect(bob.client.room.findStranger({ continent: "Europe" })).resolves.toEqual({
      status: "matched",
    });
    const matched = await ann.socket.next(isEvent("stranger_matched"));
    const room = (matched.payload as { room: StrangerRoom }).room;
    expect(room.partner.id).toBe(bob.id);
    await bob.socket.next(isEvent("stranger_matched", (f) => f.channel === userChannel(bob.id)));

    const channel = roomChannel(room.id);
    expect(await ann.socket.sub(channel)).toBe("subscribed");
    expect(await bob.socket.sub(channel)).toBe("subscribed");
    await bob.socket.next((f) => f.type === "presence" && f.channel === channel && f.count === 2);

    const hello = await ann.client.message.send({ roomId: room.id, content: "hello from 1" });
    const got = await bob.socket.next(isEvent("message"));
    expect(got.payload).toEqual(hello);
    const reply = await bob.client.message.send({ roomId: room.id, content: "hi from 2" });
    const back = await ann.socket.next(
      isEvent("message", (f) => (f.payload as { id: string }).id === reply.id),
    );
    expect(back.payload).toEqual(reply);

    ann.socket.send({ type: "typing", channel });
    const typing = await bob.socket.next(isEvent("typing"));
    expect(typing.payload).toMatchObject({ userId: ann.id });

    // Ann's only connection drops: Bob, on the other process, learns the chat ended.
    await ann.socket.close();
    const closed = await bob.socket.next(isEvent("room_closed"));
    expect(closed.payload).toMatchObject({ roomId: room.id, reason: "disconnected" });
  });

  it("counts the lobby across processes", async () => {
    const [first = "", second = ""] = bases;
    const cat = await guestOn(first);
    const dan = await guestOn(second);
    expect(await cat.socket.sub(LOBBY_CHANNEL)).toBe("subscribed");
    expect(await dan.socket.sub(LOBBY_CHANNEL)).toBe("subscribed");
    await cat.socket.next(
      (f) => f.type === "presence" && f.channel === LOBBY_CHANNEL && f.count === 2,
    );
    const since = cat.socket.mark();
    await dan.socket.close();
    await cat.socket.next(
      (f) => f.type === "presence" && f.channel === LOBBY_CHANNEL && f.count === 1,
      5000,
      since,
    );
  });

  it("a sign-out through one process ends the session on the other at once", async () => {
    const [first = "", second = ""] = bases;
    const eve = await guestOn(first);
    const elsewhere = await connect(second, eve.cookie, eve.id);
    // The second process now remembers the session (for 30 s, were it not told).
    await expect(elsewhere.client.user.getBio()).resolves.toEqual({ bio: "" });
    const signOut = await post(first, "/api/auth/sign-out", {}, eve.cookie);
    expect(signOut.status).toBe(200);
    expect(await eve.socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    expect(await elsewhere.socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(elsewhere.client.user.getBio()).rejects.toMatchObject({ status: 401 });
  });

  it("an admin's ban through one process closes the banned user's socket on the other at once", async () => {
    const [first = "", second = ""] = bases;
    const credentials = {
      email: `xproc-admin-${randomUUID()}@example.com`,
      password: "password123",
    };
    // The shared database is fresh: the first admin may sign up (or one exists already).
    await post(first, "/rpc/admin/signUp", {
      json: { ...credentials, confirmPassword: "password123" },
    });
    const signIn = await post(first, "/api/auth/sign-in/email", credentials);
    const adminCookie = cookieOf(signIn);
    const victim = await guestOn(second);
    await expect(victim.client.user.getBio()).resolves.toEqual({ bio: "" });
    const ban = await post(
      first,
      "/rpc/admin/banUser",
      { json: { userId: victim.id } },
      adminCookie,
    );
    expect(ban.status).toBe(200);
    expect(await victim.socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victim.client.user.getBio()).rejects.toMatchObject({ status: 401 });
  });

  it("rate limits hold across processes: the allowance spent on one is gone on the other", async () => {
    const [first = "", second = ""] = bases;
    const ann = await guestOn(first);
    const onSecond = await connect(second, ann.cookie, ann.id);
    const statuses = [];
    for (let i = 0; i < 24; i++) {
      const client = i % 2 === 0 ? ann.client : onSecond.client;
      statuses.push(
        await client.room.findStranger({ continent: "Antarctica" }).then(
          () => 200,
          (error: { status?: number }) => error.status ?? 0,
        ),
      );
    }
    // 20 per minute per user, counted in Redis whichever process answers.
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });
});
