import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CLOSE_CODES,
  PERMISSION,
  REALTIME_LIMITS,
  roomChannel,
  VALIDATION,
  type CallError,
  type ChatMessage,
  type ResultFrame,
} from "@chatsphere/contract";
import { session } from "../src/db/schema";
import { CALL_LIMITS, limitCall } from "../src/rate-limit/call-limits";
import { ORIGIN, randomIp, useTestServer, type TestUser } from "./harness";
import { isMessageEvent, roomOfKind, roomWith, rowsOf } from "./message-fixtures";
import { generalRoomId, openSocket, tryOpen, type TestSocket } from "./realtime-helpers";

/*
 * message.send over the open socket (decision 0032): the same procedure as over HTTP, with the
 * same validation, limits and authorization, answered by a `result` frame with the call's id.
 */

const t = useTestServer({ withAdmin: true });
const db = () => t.server.runtime.services.db;

const connect = async (user: TestUser) =>
  t.closeAfter(await openSocket(t.server.wsUrl, user.cookie));

let calls = 0;

/** Sends a call frame and resolves with the result frame that answers it. */
async function callOver(socket: TestSocket, input: unknown, procedure = "message.send") {
  const id = ++calls;
  socket.send({ type: "call", id, procedure, input });
  return socket.next((f): f is ResultFrame => f.type === "result" && f.id === id);
}

/** The error an HTTP call gives, in the fields a result frame carries. */
async function httpError(call: Promise<unknown>): Promise<CallError> {
  const error = await call.then(
    () => {
      throw new Error("the HTTP call succeeded");
    },
    (e: unknown) => e as CallError,
  );
  const { code, status, message, data } = error;
  return data === undefined ? { code, status, message } : { code, status, message, data };
}

describe("message.send over the socket", () => {
  it("stores the message, answers with it and every member receives its event", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const roomId = await roomWith(db(), ann, bob);
    const a = await connect(ann);
    const b = await connect(bob);
    expect(await a.sub(roomChannel(roomId))).toBe("subscribed");
    expect(await b.sub(roomChannel(roomId))).toBe("subscribed");

    const result = await callOver(a, { roomId, content: "over the socket", clientId: "s-1" });
    expect(result.error).toBeUndefined();
    const sent = result.output as ChatMessage;
    expect(sent).toMatchObject({ roomId, content: "over the socket", senderId: ann.id });
    for (const socket of [a, b]) {
      const event = await socket.next(isMessageEvent);
      expect(event.payload).toEqual(sent);
    }
    expect(await rowsOf(db(), roomId)).toEqual([
      { id: sent.id, senderId: ann.id, content: "over the socket" },
    ]);
  });

  it("answers with what the HTTP call returns for the same message (a retry by clientId)", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    const overSocket = await callOver(a, { roomId, content: "twice", clientId: "same-1" });
    const overHttp = await ann.client.message.send({
      roomId,
      content: "twice",
      clientId: "same-1",
    });
    expect(overSocket.output).toEqual(overHttp);
    expect(typeof overHttp.createdAt).toBe("string");
    // And the other way round: a socket retry of an HTTP send stores nothing new.
    const first = await ann.client.message.send({ roomId, content: "back", clientId: "same-2" });
    const again = await callOver(a, { roomId, content: "back", clientId: "same-2" });
    expect(again.output).toEqual(first);
    expect(await rowsOf(db(), roomId)).toHaveLength(2);
  });

  it("refuses a non-member with HTTP's 403 and message, storing and publishing nothing", async () => {
    const ann = await t.server.signUp();
    const eve = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    await a.sub(roomChannel(roomId));
    const e = await connect(eve);
    const since = a.mark();
    const result = await callOver(e, { roomId, content: "sneaky" });
    expect(result.error).toEqual({
      code: "FORBIDDEN",
      status: 403,
      message: PERMISSION.notRoomMember,
    });
    expect(result.error).toEqual(
      await httpError(eve.client.message.send({ roomId, content: "sneaky" })),
    );
    expect(await rowsOf(db(), roomId)).toEqual([]);
    expect(a.frames.slice(since).filter(isMessageEvent)).toEqual([]);
  });

  it("refuses invalid input with the spec's message and HTTP's issues", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    const empty = await callOver(a, { roomId, content: "   " });
    expect(empty.error).toMatchObject({
      code: "BAD_REQUEST",
      status: 400,
      message: VALIDATION.messageEmpty,
    });
    expect(empty.error).toEqual(
      await httpError(ann.client.message.send({ roomId, content: "   " })),
    );
    const tooLong = await callOver(a, { roomId, content: "x".repeat(2001) });
    expect(tooLong.error).toMatchObject({ status: 400, message: VALIDATION.messageTooLong });
    const noInput = await callOver(a, undefined);
    expect(noInput.error).toEqual({ code: "BAD_REQUEST", status: 400, message: "Malformed frame" });
    expect(await rowsOf(db(), roomId)).toEqual([]);
  });

  it("counts socket and HTTP sends against the same per-user limit", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    const limit = CALL_LIMITS["message.send"]?.user.max ?? 0;
    for (let i = 0; i < limit; i++) {
      const content = `message ${i}`;
      if (i % 2 === 0) await ann.client.message.send({ roomId, content });
      else expect((await callOver(a, { roomId, content })).error).toBeUndefined();
    }
    const refused = await callOver(a, { roomId, content: "one too many" });
    expect(refused.error).toEqual({
      code: "TOO_MANY_REQUESTS",
      status: 429,
      message: PERMISSION.rateLimited,
    });
    await expect(
      ann.client.message.send({ roomId, content: "and over HTTP" }),
    ).rejects.toMatchObject({ status: 429, message: PERMISSION.rateLimited });
    expect(await rowsOf(db(), roomId)).toHaveLength(limit);
  });

  it("counts a socket's sends against the address it connected from (as the proxy gave it)", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const address = randomIp();
    const opened = await tryOpen(t.server.wsUrl, {
      cookie: ann.cookie,
      origin: ORIGIN,
      "x-forwarded-for": address,
    });
    if ("status" in opened) throw new Error(`refused: ${opened.status}`);
    const a = t.closeAfter(opened.socket);
    await a.next((f) => f.type === "welcome");
    const limiter = t.server.runtime.services.rateLimiter;
    const perAddress = CALL_LIMITS["message.send"]?.address.max ?? 0;
    for (let i = 0; i < perAddress; i++) {
      await limitCall(limiter, { procedure: "message.send", userId: null, address });
    }
    const refused = await callOver(a, { roomId, content: "from a busy address" });
    expect(refused.error).toMatchObject({ code: "TOO_MANY_REQUESTS", status: 429 });
    expect(await rowsOf(db(), roomId)).toEqual([]);
  });

  it("lets a guest send in their stranger chat and refuses them elsewhere, as HTTP does", async () => {
    const guest = await t.server.signInAsGuest();
    const other = await t.server.signInAsGuest();
    const strangerRoomId = await roomOfKind(db(), "stranger", guest, other);
    const g = await connect(guest);
    const o = await connect(other);
    await o.sub(roomChannel(strangerRoomId));
    const sent = await callOver(g, { roomId: strangerRoomId, content: "hi stranger" });
    expect(sent.output).toMatchObject({ roomId: strangerRoomId, senderId: guest.id });
    expect((await o.next(isMessageEvent)).payload).toEqual(sent.output);

    const general = await generalRoomId(t.server);
    const refused = await callOver(g, { roomId: general, content: "hello all" });
    expect(refused.error).toEqual(
      await httpError(guest.client.message.send({ roomId: general, content: "hello all" })),
    );
    expect(refused.error).toMatchObject({ status: 403 });
  });

  it("refuses a call whose session has ended (401) even on a socket still open, then closes it", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    // The session ends behind the realtime side's back: no notice closes the socket first.
    await db().delete(session).where(eq(session.userId, ann.id));
    t.server.runtime.services.sessions.forgetUser(ann.id);
    const result = await callOver(a, { roomId, content: "still here?" });
    expect(result.error).toEqual({
      code: "UNAUTHORIZED",
      status: 401,
      message: PERMISSION.unauthorized,
    });
    expect(await a.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    expect(await rowsOf(db(), roomId)).toEqual([]);
  });

  it("a banned user's socket is closed and their sends are refused either way", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    await t.admin.client.admin.banUser({ userId: ann.id });
    const result = await Promise.race([
      callOver(a, { roomId, content: "banned" }).then((frame) => frame.error?.status),
      a.waitClosed(),
    ]);
    expect([401, CLOSE_CODES.unauthorized]).toContain(result);
    expect(await a.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(ann.client.message.send({ roomId, content: "banned" })).rejects.toMatchObject({
      status: 401,
    });
    expect(await rowsOf(db(), roomId)).toEqual([]);
  });

  it("answers a call of a procedure the socket does not carry, or a malformed one, by its id", async () => {
    const ann = await t.server.signUp();
    const a = await connect(ann);
    const unknown = await callOver(a, { userId: ann.id }, "admin.banUser");
    expect(unknown.error).toEqual({ code: "NOT_FOUND", status: 404, message: "Not found" });
    a.send({ type: "call", id: 7.5, procedure: "message.send", input: {} });
    expect(await a.next((f) => f.type === "error")).toMatchObject({ code: "bad_frame" });
    a.send({ type: "call", id: 9_001, input: {} });
    expect(await a.next((f) => f.type === "result" && f.id === 9_001)).toMatchObject({
      error: { code: "NOT_FOUND", status: 404 },
    });
  });

  it("answers a call the frame limit drops as rate-limited, by its id", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    // Well past the burst, short of a flood that closes the socket.
    for (let i = 0; i < REALTIME_LIMITS.frameBurst + 10; i++) a.send({ type: "ping" });
    const dropped = await callOver(a, { roomId, content: "in the flood" });
    expect(dropped.error).toEqual({
      code: "TOO_MANY_REQUESTS",
      status: 429,
      message: PERMISSION.rateLimited,
    });
    expect(await rowsOf(db(), roomId)).toEqual([]);
  });

  it("keeps answering other frames while calls run, each call by its own id", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomWith(db(), ann);
    const a = await connect(ann);
    const contents = ["one", "two", "three", "four", "five"];
    const ids = contents.map(() => ++calls);
    contents.forEach((content, i) =>
      a.send({
        type: "call",
        id: ids[i],
        procedure: "message.send",
        input: { roomId, content, clientId: randomUUID() },
      }),
    );
    a.send({ type: "ping", id: 42 });
    await a.next((f) => f.type === "pong" && f.id === 42);
    const results = await Promise.all(
      ids.map((id) => a.next((f): f is ResultFrame => f.type === "result" && f.id === id)),
    );
    expect(results.map((r) => (r.output as ChatMessage).content)).toEqual(contents);
    expect(await rowsOf(db(), roomId)).toHaveLength(contents.length);
  });
});
