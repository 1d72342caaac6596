import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ORPCError } from "@orpc/client";
import { CLOSE_CODES, REALTIME_LIMITS, type ServerFrame } from "@chatsphere/contract";
import { rpcErrorStatus } from "../rpc-error";
import { CALL_TIMEOUT_MS, CallLostError } from "./client";

/** A stand-in for the browser's WebSocket that records what the client sends. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error("no socket");
  return socket;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal("window", { addEventListener: () => undefined });
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function makeClient() {
  const { RealtimeClient } = await import("./client");
  return new RealtimeClient(() => "ws://test/ws");
}

describe("the realtime client", () => {
  it("subscribes when a channel is first held and is ready once the server confirms", async () => {
    const client = await makeClient();
    const onEvent = vi.fn();
    client.acquire("room:a", { onEvent });
    latest().open();
    expect(latest().sent).toEqual([{ type: "sub", channel: "room:a" }]);
    expect(client.getChannel("room:a").ready).toBe(false);
    latest().receive({ type: "subscribed", channel: "room:a" });
    expect(client.getChannel("room:a").ready).toBe(true);
    latest().receive({
      type: "event",
      channel: "room:a",
      event: "typing",
      payload: { userId: "u", name: "U" },
    });
    expect(onEvent).toHaveBeenCalledOnce();
  });

  it("reconnects with backoff after a drop, subscribes again, re-sends presence and asks to refetch", async () => {
    const client = await makeClient();
    const refetch = vi.fn();
    client.onReconnect(refetch);
    client.acquire("global:lobby", {});
    latest().open();
    latest().receive({ type: "subscribed", channel: "global:lobby" });
    client.track("global:lobby", "waiting");
    const first = latest();
    first.drop();
    expect(client.getStatus()).toBe("reconnecting");
    expect(client.getChannel("global:lobby").ready).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    const second = latest();
    expect(second).not.toBe(first);
    second.open();
    expect(refetch).toHaveBeenCalledOnce();
    expect(second.sent).toEqual([{ type: "sub", channel: "global:lobby" }]);
    second.receive({ type: "subscribed", channel: "global:lobby" });
    expect(second.sent.at(-1)).toEqual({
      type: "track",
      channel: "global:lobby",
      state: { status: "waiting" },
    });
  });

  it("stops reconnecting when the server says the session ended (4001)", async () => {
    const client = await makeClient();
    client.acquire("user:u", {});
    latest().open();
    latest().drop(CLOSE_CODES.unauthorized);
    expect(client.getStatus()).toBe("unauthorized");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("tells holders when the server ends a subscription, and closes when nothing is held", async () => {
    const client = await makeClient();
    const onRefused = vi.fn();
    const release = client.acquire("room:b", { onRefused });
    latest().open();
    latest().receive({ type: "subscribed", channel: "room:b" });
    latest().receive({ type: "unsubscribed", channel: "room:b" });
    expect(onRefused).toHaveBeenCalledWith("ended");
    release();
    expect(latest().sent.at(-1)).toEqual({ type: "unsub", channel: "room:b" });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(latest().readyState).toBe(3);
    expect(client.getStatus()).toBe("idle");
  });

  it("does not end a channel taken again because of the answer to its own earlier unsub", async () => {
    const client = await makeClient();
    const first = { onRefused: vi.fn() };
    const release = client.acquire("room:c", first);
    latest().open();
    latest().receive({ type: "subscribed", channel: "room:c" });
    release();
    const second = { onRefused: vi.fn(), onEvent: vi.fn() };
    client.acquire("room:c", second);
    expect(latest().sent.slice(-2)).toEqual([
      { type: "unsub", channel: "room:c" },
      { type: "sub", channel: "room:c" },
    ]);
    latest().receive({ type: "unsubscribed", channel: "room:c" });
    latest().receive({ type: "subscribed", channel: "room:c" });
    expect(second.onRefused).not.toHaveBeenCalled();
    expect(client.getChannel("room:c").ready).toBe(true);
    // A later "unsubscribed" is the server's: it ends the channel as before.
    latest().receive({ type: "unsubscribed", channel: "room:c" });
    expect(second.onRefused).toHaveBeenCalledWith("ended");
    expect(client.getChannel("room:c").ready).toBe(false);
  });
});

describe("calls over the socket", () => {
  const input = { roomId: "r1", content: "hello", clientId: "c1" };
  const message = {
    id: "m1",
    roomId: "r1",
    content: "hello",
    senderId: "u",
    sender: { id: "u", name: "U", image: null },
    createdAt: "2030-01-01T00:00:00.000Z",
    media: null,
  };

  /** A client whose socket is open and welcomed (it holds a channel, as a chat does). */
  async function welcomedClient() {
    const client = await makeClient();
    client.acquire("room:r1", {});
    latest().open();
    latest().receive({ type: "welcome", userId: "u", heartbeatMs: 25_000 });
    latest().sent = [];
    return client;
  }

  it("goes over HTTP until the socket is open and welcomed, then over the socket", async () => {
    const client = await makeClient();
    const http = vi.fn(async () => ({ ...message, id: "over-http" }));
    await expect(client.call("message.send", input, http)).resolves.toMatchObject({
      id: "over-http",
    });
    client.acquire("room:r1", {});
    latest().open();
    await client.call("message.send", input, http);
    expect(http).toHaveBeenCalledTimes(2);
    expect(latest().sent.filter((f) => f.type === "call")).toEqual([]);

    latest().receive({ type: "welcome", userId: "u", heartbeatMs: 25_000 });
    const answer = client.call("message.send", input, http);
    const frame = latest().sent.at(-1);
    expect(frame).toEqual({
      type: "call",
      id: expect.any(Number),
      procedure: "message.send",
      input,
    });
    latest().receive({ type: "result", id: frame?.id as number, output: message });
    await expect(answer).resolves.toEqual(message);
    expect(http).toHaveBeenCalledTimes(2);
  });

  it("rejects a refusal with the ORPCError the HTTP call gives", async () => {
    const client = await welcomedClient();
    const answer = client.call("message.send", input, vi.fn());
    const id = latest().sent.at(-1)?.id as number;
    const error = {
      code: "BAD_REQUEST",
      status: 400,
      message: "Message cannot be empty",
      data: { issues: [{ path: "content", message: "Message cannot be empty" }] },
    };
    latest().receive({ type: "result", id, error });
    const refusal: unknown = await answer.catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ORPCError);
    expect(refusal).toMatchObject(error);
    expect(rpcErrorStatus(refusal)).toBe(400);
  });

  it("answers each call by its id, whatever the order of the answers", async () => {
    const client = await welcomedClient();
    const first = client.call("message.send", input, vi.fn());
    const second = client.call("message.send", { ...input, clientId: "c2" }, vi.fn());
    const [a, b] = latest().sent.map((f) => f.id as number);
    latest().receive({ type: "result", id: b as number, output: { ...message, id: "m2" } });
    latest().receive({ type: "result", id: a as number, output: message });
    await expect(first).resolves.toMatchObject({ id: "m1" });
    await expect(second).resolves.toMatchObject({ id: "m2" });
  });

  it("loses a call in flight when the socket drops: no status, so it is retried", async () => {
    const client = await welcomedClient();
    const answer = client.call("message.send", input, vi.fn());
    latest().drop();
    const lost: unknown = await answer.catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(CallLostError);
    expect(rpcErrorStatus(lost)).toBeNull();
    // The retry goes over HTTP while the socket is away, with the caller's same input.
    const http = vi.fn(async () => message);
    await expect(client.call("message.send", input, http)).resolves.toEqual(message);
    expect(http).toHaveBeenCalledOnce();
  });

  it("gives a call up after its timeout and ignores its late answer", async () => {
    const client = await welcomedClient();
    const answer = client.call("message.send", input, vi.fn());
    const settled = answer.catch((e: unknown) => e);
    const id = latest().sent.at(-1)?.id as number;
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    latest().receive({ type: "pong" });
    await vi.advanceTimersByTimeAsync(1);
    const lost = await settled;
    expect(lost).toBeInstanceOf(CallLostError);
    expect(rpcErrorStatus(lost)).toBeNull();
    expect(() => latest().receive({ type: "result", id, output: message })).not.toThrow();
  });

  it("sends a call too big for a frame over HTTP instead of losing the socket", async () => {
    const client = await welcomedClient();
    const http = vi.fn(async () => message);
    const big = { ...input, content: "ж".repeat(REALTIME_LIMITS.maxFrameBytes / 2) };
    await client.call("message.send", big, http);
    expect(http).toHaveBeenCalledOnce();
    expect(latest().sent).toEqual([]);
  });
});
