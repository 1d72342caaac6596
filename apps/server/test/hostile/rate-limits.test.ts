import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PERMISSION, roomChannel } from "@chatsphere/contract";
import { message, session } from "../../src/db/schema";
import { CALL_LIMITS } from "../../src/rate-limit/call-limits";
import { ORIGIN, useTestServer } from "../harness";
import { generalRoomId, openSocket } from "../realtime-helpers";

/*
 * Rate limits on every chat mutation (issue 10, items 3 and 4). The harness's RPC clients
 * send no X-Forwarded-For, so every user here calls from the same address (127.0.0.1), as
 * people in one school or office would.
 */

const t = useTestServer();

const db = () => t.server.runtime.services.db;
const storedBy = (roomId: string, senderId: string) =>
  db()
    .select({ id: message.id })
    .from(message)
    .where(and(eq(message.roomId, roomId), eq(message.senderId, senderId)));
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status ?? 0,
  );

describe("message.send", () => {
  it("one user flooding a room is throttled (429) while a second user on the same address still sends and receives", async () => {
    const roomId = await generalRoomId(t.server);
    const flooder = await t.server.signUp();
    const neighbour = await t.server.signUp();
    await flooder.client.room.join({ roomId });
    await neighbour.client.room.join({ roomId });
    const neighbourSocket = await openSocket(t.server.wsUrl, neighbour.cookie);
    expect(await neighbourSocket.sub(roomChannel(roomId))).toBe("subscribed");

    const allowed = CALL_LIMITS["message.send"]?.user.max ?? 0;
    const statuses = await Promise.all(
      Array.from({ length: allowed + 30 }, (_, i) =>
        statusOf(flooder.client.message.send({ roomId, content: `flood ${i}` })),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(allowed);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // Nothing beyond the allowance was stored.
    expect(await storedBy(roomId, flooder.id)).toHaveLength(allowed);

    const sent = await neighbour.client.message.send({ roomId, content: "still here" });
    const delivered = await neighbourSocket.next(
      (f) => f.type === "event" && f.event === "message" && f.payload.id === sent.id,
    );
    expect(delivered).toBeTruthy();
    await neighbourSocket.close();
  });

  it("a refused call has the RPC error shape, the spec's status and a Retry-After", async () => {
    const roomId = await generalRoomId(t.server);
    const ann = await t.server.signUp();
    await ann.client.room.join({ roomId });
    const allowed = CALL_LIMITS["message.send"]?.user.max ?? 0;
    for (let i = 0; i < allowed; i++) await ann.client.message.send({ roomId, content: `m${i}` });
    const response = await t.server.request("/rpc/message/send", {
      method: "POST",
      headers: { cookie: ann.cookie, "content-type": "application/json" },
      body: JSON.stringify({ json: { roomId, content: "one too many" } }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      json: {
        defined: false,
        code: "TOO_MANY_REQUESTS",
        status: 429,
        message: PERMISSION.rateLimited,
      },
    });
    // The real client reads the same: the web shows this text.
    await expect(ann.client.message.send({ roomId, content: "again" })).rejects.toMatchObject({
      status: 429,
      message: PERMISSION.rateLimited,
    });
    expect(await storedBy(roomId, ann.id)).toHaveLength(allowed);
  });
});

describe("other chat mutations", () => {
  it("room.join looped is throttled (429) for that user only", async () => {
    const roomId = await generalRoomId(t.server);
    const looper = await t.server.signUp();
    const allowed = CALL_LIMITS["room.join"]?.user.max ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < allowed + 3; i++) {
      statuses.push(await statusOf(looper.client.room.join({ roomId })));
    }
    expect(statuses.slice(0, allowed).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(allowed)).toEqual([429, 429, 429]);
    const other = await t.server.signUp();
    await expect(other.client.room.join({ roomId })).resolves.toBeDefined();
  });

  it("room.findStranger and room.skipStranger looped are throttled (429)", async () => {
    const guest = await t.server.signInAsGuest();
    const socket = await openSocket(t.server.wsUrl, guest.cookie);
    const finds = CALL_LIMITS["room.findStranger"]?.user.max ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < finds + 2; i++) {
      statuses.push(await statusOf(guest.client.room.findStranger({ continent: "World" })));
    }
    expect(statuses.slice(finds)).toEqual([429, 429]);
    const skips = CALL_LIMITS["room.skipStranger"]?.user.max ?? 0;
    const skipped = await Promise.all(
      Array.from({ length: skips + 2 }, () =>
        statusOf(
          guest.client.room.skipStranger({
            roomId: "none",
            continent: "World",
            requeueOther: false,
          }),
        ),
      ),
    );
    expect(skipped.filter((s) => s === 429)).toHaveLength(2);
    await socket.close();
  });
});

describe("client address", () => {
  it("a spoofed leftmost X-Forwarded-For entry does not reset the log-in limiter", async () => {
    const sessions = async () => (await db().select({ id: session.id }).from(session)).length;
    const before = await sessions();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // The client writes a new fake address each time; the proxy appends the real one.
      const response = await t.server.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: ORIGIN,
          "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.77`,
        },
        body: JSON.stringify({ email: "nobody@example.com", password: `guess-${i}-xx` }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(await sessions()).toBe(before);
  });
});
