import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOSE_CODES, type ServerFrame } from "@chatsphere/contract";

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
