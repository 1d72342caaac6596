import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLOSE_CODES,
  LOBBY_CHANNEL,
  PERMISSION,
  REALTIME_LIMITS,
  roomChannel,
  userChannel,
  type PresenceFrame,
  type ServerFrame,
} from "@chatsphere/contract";
import { message } from "../src/db/schema";
import { createTestServer, type TestServer } from "./harness";
import {
  expectNoFrame,
  generalRoomId,
  openSocket,
  tryOpen,
  type TestSocket,
} from "./realtime-helpers";

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

const connect = async (cookie: string) => {
  const socket = await openSocket(wsUrl, cookie);
  sockets.push(socket);
  return socket;
};
const isPresence = (channel: string, count: number) => (f: ServerFrame) =>
  f.type === "presence" && f.channel === channel && f.count === count;
const isMessage = (f: ServerFrame) => f.type === "event" && f.event === "message";
/** The server sends a count channel's changes at most once per 500 ms (realtime.ts). */
const COUNT_COALESCE_MS = 500;

describe("the /ws handshake", () => {
  it("refuses a client without a session cookie (401, no socket)", async () => {
    expect(await tryOpen(wsUrl, { origin: "http://localhost:3000" })).toEqual({ status: 401 });
  });

  it("refuses a foreign Origin even with a valid session (403, no socket)", async () => {
    const ann = await server.signUp();
    const result = await tryOpen(wsUrl, { cookie: ann.cookie, origin: "https://evil.example" });
    expect(result).toEqual({ status: 403 });
  });

  it("refuses other paths (404)", async () => {
    const ann = await server.signUp();
    const result = await tryOpen(wsUrl.replace("/ws", "/socket"), { cookie: ann.cookie });
    expect(result).toEqual({ status: 404 });
  });

  it("accepts a session from the same origin and says who it is", async () => {
    const guest = await server.signInAsGuest();
    const socket = await connect(guest.cookie);
    expect(socket.frames[0]).toEqual({
      type: "welcome",
      userId: guest.id,
      heartbeatMs: REALTIME_LIMITS.heartbeatMs,
    });
  });
});

describe("subscriptions", () => {
  it("allows a user's own channel and the shared ones, and refuses someone else's channel", async () => {
    const ann = await server.signUp();
    const bob = await server.signUp();
    const socket = await connect(ann.cookie);
    expect(await socket.sub(userChannel(ann.id))).toBe("subscribed");
    expect(await socket.sub(LOBBY_CHANNEL)).toBe("subscribed");
    expect(await socket.sub("following:tab")).toBe("subscribed");
    expect(await socket.sub(userChannel(bob.id))).toBe("forbidden");
    expect(await socket.sub("admin:everything")).toBe("bad_frame");
    // Something for Bob's channel reaches Bob, and not Ann who was refused it.
    const bobSocket = await connect(bob.cookie);
    expect(await bobSocket.sub(userChannel(bob.id))).toBe("subscribed");
    await bob.client.room.findStranger({ continent: "World" });
    const isWaiting = (f: ServerFrame) => f.type === "event" && f.event === "stranger_waiting";
    await bobSocket.next(isWaiting);
    await expectNoFrame(socket, isWaiting);
    await bob.client.room.cancelStranger();
  });

  it("allows a room channel only to its members (and nothing leaks to a refused one)", async () => {
    const roomId = await generalRoomId(server);
    const ann = await server.signUp();
    const eve = await server.signUp();
    const annSocket = await connect(ann.cookie);
    const eveSocket = await connect(eve.cookie);
    expect(await eveSocket.sub(roomChannel(roomId))).toBe("forbidden");
    await ann.client.room.join({ roomId });
    expect(await annSocket.sub(roomChannel(roomId))).toBe("subscribed");

    const sent = await ann.client.message.send({ roomId, content: "hello room" });
    const got = await annSocket.next((f) => f.type === "event" && f.event === "message");
    expect(got).toMatchObject({ channel: roomChannel(roomId), payload: { id: sent.id } });
    await expectNoFrame(eveSocket, isMessage);
  });

  it("ends a room subscription when the member leaves the room", async () => {
    const roomId = await generalRoomId(server);
    const ann = await server.signUp();
    const bob = await server.signUp();
    await ann.client.room.join({ roomId });
    await bob.client.room.join({ roomId });
    const annSocket = await connect(ann.cookie);
    expect(await annSocket.sub(roomChannel(roomId))).toBe("subscribed");
    await ann.client.room.leave({ roomId });
    await annSocket.next((f) => f.type === "unsubscribed" && f.channel === roomChannel(roomId));
    await bob.client.message.send({ roomId, content: "after ann left" });
    await expectNoFrame(annSocket, isMessage);
  });

  it("keeps a channel the client let go of and asked for again before its check returned", async () => {
    const roomId = await generalRoomId(server);
    const ann = await server.signUp();
    await ann.client.room.join({ roomId });
    const annSocket = await connect(ann.cookie);
    const channel = roomChannel(roomId);
    // Two parts of a page release and re-acquire the same channel within one tick.
    annSocket.send({ type: "sub", channel });
    annSocket.send({ type: "unsub", channel });
    annSocket.send({ type: "sub", channel });
    await annSocket.next((f) => f.type === "subscribed" && f.channel === channel);
    const sent = await ann.client.message.send({ roomId, content: "still here" });
    const got = await annSocket.next(isMessage);
    expect(got).toMatchObject({ channel, payload: { id: sent.id } });
    expect(annSocket.frames.filter((f) => f.type === "error")).toEqual([]);
  });

  it("ends a pending subscription the client let go of without refusing it", async () => {
    const roomId = await generalRoomId(server);
    const ann = await server.signUp();
    await ann.client.room.join({ roomId });
    const annSocket = await connect(ann.cookie);
    const channel = roomChannel(roomId);
    annSocket.send({ type: "sub", channel });
    annSocket.send({ type: "unsub", channel });
    await annSocket.next((f) => f.type === "unsubscribed" && f.channel === channel);
    await ann.client.message.send({ roomId, content: "not for ann" });
    await expectNoFrame(annSocket, (f) => "channel" in f && f.type !== "unsubscribed");
  });

  it("checks again when a channel taken away while pending is asked for again", async () => {
    const roomId = await generalRoomId(server);
    const ann = await server.signUp();
    const bob = await server.signUp();
    await ann.client.room.join({ roomId });
    await bob.client.room.join({ roomId });
    const annSocket = await connect(ann.cookie);
    const channel = roomChannel(roomId);
    annSocket.send({ type: "sub", channel });
    await ann.client.room.leave({ roomId });
    annSocket.send({ type: "sub", channel });
    // Whether the first check read the membership before or after the leave, the answer to
    // the second is a refusal: ann is no longer a member.
    const refused = await annSocket.next((f) => f.type === "error" && f.channel === channel);
    expect(refused).toMatchObject({ code: "forbidden" });
    await bob.client.message.send({ roomId, content: "after ann left" });
    await expectNoFrame(annSocket, isMessage);
  });
});

describe("presence", () => {
  it("counts distinct users in the lobby, across tabs, and notices leaves", async () => {
    const ann = await server.signUp();
    const bob = await server.signUp();
    const a1 = await connect(ann.cookie);
    await a1.sub(LOBBY_CHANNEL);
    const base = (a1.frames.find((f) => f.type === "presence") as PresenceFrame).count;
    const a2 = await connect(ann.cookie);
    await a2.sub(LOBBY_CHANNEL);
    const b = await connect(bob.cookie);
    await b.sub(LOBBY_CHANNEL);
    await a1.next(isPresence(LOBBY_CHANNEL, base + 1), 3000);
    // The lobby never lists who is in it: only the count travels.
    expect(a1.frames.some((f) => f.type === "presence" && (f.state || f.joins))).toBe(false);
    const beforeLeaves = a1.mark();
    await b.close();
    await a2.close();
    // Bob leaving is a frame the server sends; Ann closing one of her two tabs must not be.
    await a1.next(isPresence(LOBBY_CHANNEL, base), 3000, beforeLeaves);
    await expectNoFrame(
      a1,
      (f) => f.type === "presence" && f.channel === LOBBY_CHANNEL && f.count !== base,
      { ms: COUNT_COALESCE_MS + 200, since: beforeLeaves },
    );
  });

  it("lists room members with their tracked state, with joins and leaves", async () => {
    const roomId = await generalRoomId(server);
    const channel = roomChannel(roomId);
    const ann = await server.signUp();
    const bob = await server.signUp();
    await ann.client.room.join({ roomId });
    await bob.client.room.join({ roomId });
    const a = await connect(ann.cookie);
    await a.sub(channel);
    const snapshot = a.frames.find((f) => f.type === "presence" && f.channel === channel);
    expect(snapshot).toMatchObject({
      state: expect.arrayContaining([expect.objectContaining({ userId: ann.id })]),
    });

    const b = await connect(bob.cookie);
    await b.sub(channel);
    await a.next(
      (f) => f.type === "presence" && Boolean(f.joins?.some((e) => e.userId === bob.id)),
    );
    b.send({ type: "track", channel, state: { status: "idle" } });
    await a.next(
      (f) =>
        f.type === "presence" &&
        Boolean(f.joins?.some((e) => e.userId === bob.id && e.status === "idle")),
    );
    await b.close();
    await a.next(
      (f) => f.type === "presence" && Boolean(f.leaves?.some((e) => e.userId === bob.id)),
    );
  });
});

describe("client frames", () => {
  it("relays typing stamped with the sender from the session, at most four times a second", async () => {
    const roomId = await generalRoomId(server);
    const channel = roomChannel(roomId);
    const ann = await server.signUp();
    const bob = await server.signUp();
    await ann.client.room.join({ roomId });
    await bob.client.room.join({ roomId });
    const a = await connect(ann.cookie);
    const b = await connect(bob.cookie);
    await a.sub(channel);
    await b.sub(channel);
    // A forged sender is ignored: the server stamps who really sent it.
    a.send({ type: "typing", channel, userId: bob.id, name: "Bob" });
    a.send({ type: "typing", channel });
    const typing = await b.next((f) => f.type === "event" && f.event === "typing");
    expect(typing).toMatchObject({ payload: { userId: ann.id, name: ann.email.split("@")[0] } });
    // The second frame came right after the first: dropped, not delayed (a delayed relay would
    // arrive within one interval).
    await expectNoFrame(b, (f) => f.type === "event" && f.event === "typing", {
      ms: REALTIME_LIMITS.typingIntervalMs * 2,
      since: b.frames.indexOf(typing) + 1,
    });
  });

  it("refuses typing on a channel the client does not hold, and any client-made event", async () => {
    const ann = await server.signUp();
    const a = await connect(ann.cookie);
    a.send({ type: "typing", channel: roomChannel("someroom") });
    await a.next((f) => f.type === "error" && f.code === "not_subscribed");
    a.send({ type: "event", channel: LOBBY_CHANNEL, event: "message", payload: {} });
    await a.next((f) => f.type === "error" && f.code === "bad_frame");
  });

  it("answers pings and refuses malformed frames", async () => {
    const ann = await server.signUp();
    const a = await connect(ann.cookie);
    a.send({ type: "ping", id: 7 });
    expect(await a.next((f) => f.type === "pong")).toEqual({ type: "pong", id: 7 });
    a.ws.send("not json");
    await a.next((f) => f.type === "error" && f.code === "bad_frame");
  });

  it("drops frames over the rate and closes a flooding client (4008)", async () => {
    const ann = await server.signUp();
    const a = await connect(ann.cookie);
    for (let i = 0; i < REALTIME_LIMITS.frameBurst * 3; i++) a.send({ type: "ping" });
    await a.next((f) => f.type === "error" && f.code === "rate_limited");
    expect(await a.waitClosed()).toBe(CLOSE_CODES.rateLimited);
  });

  it("closes a connection that sends a frame over the size limit (1009)", async () => {
    const ann = await server.signUp();
    const a = await connect(ann.cookie);
    a.send({ type: "ping", padding: "x".repeat(REALTIME_LIMITS.maxFrameBytes) });
    expect(await a.waitClosed()).toBe(CLOSE_CODES.tooBig);
  });
});

describe("message.send", () => {
  it("refuses a non-member (403), stores nothing and publishes nothing", async () => {
    const roomId = await generalRoomId(server);
    const ann = await server.signUp();
    const eve = await server.signUp();
    await ann.client.room.join({ roomId });
    const a = await connect(ann.cookie);
    await a.sub(roomChannel(roomId));
    const since = a.mark();
    await expect(eve.client.message.send({ roomId, content: "sneaky" })).rejects.toMatchObject({
      status: 403,
      message: PERMISSION.notRoomMember,
    });
    const rows = await server.runtime.services.db
      .select()
      .from(message)
      .where(eq(message.senderId, eve.id));
    expect(rows).toEqual([]);
    await expectNoFrame(a, isMessage, { since });
  });
});
