import { describe, expect, it, vi } from "vitest";
import {
  CLOSE_CODES,
  PERMISSION,
  REALTIME_LIMITS,
  type CallFrame,
  type ServerFrame,
} from "@chatsphere/contract";
import { createLogger } from "../logger";
import { CALL_GATHER_MS, SocketCalls, type CallOutcome, type CallRunner } from "./calls";
import type { Connection } from "./connection";

/** The little of a connection SocketCalls uses, with every frame it was sent. */
function fakeConnection() {
  const frames: ServerFrame[] = [];
  const connection = {
    callsInFlight: 0,
    user: { id: "ann", sessionCookie: "better-auth.session_token=t", address: "10.0.0.1" },
    sendFrame: (frame: ServerFrame) => void frames.push(frame),
    close: vi.fn(),
  };
  return { connection, asConnection: connection as unknown as Connection, frames };
}

/** A runner whose calls stay pending until the test settles them, in order. */
function heldRunner() {
  const pending: ((outcome: CallOutcome) => void)[] = [];
  const runner = vi.fn<CallRunner>(
    () => new Promise<CallOutcome>((resolve) => void pending.push(resolve)),
  );
  return { runner, pending };
}

const callFrame = (id: number): CallFrame => ({
  type: "call",
  id,
  procedure: "message.send",
  input: { roomId: "r1", content: `message ${id}` },
});

const flush = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SocketCalls", () => {
  it("runs a call with the socket's caller and answers with its output under its id", async () => {
    const calls = new SocketCalls(createLogger("silent"), { gatherMs: 0 });
    const { runner, pending } = heldRunner();
    calls.serve(runner);
    const { asConnection, frames } = fakeConnection();
    calls.handle(asConnection, callFrame(7));
    expect(runner).toHaveBeenCalledWith({
      procedure: "message.send",
      input: { roomId: "r1", content: "message 7" },
      caller: { userId: "ann", sessionCookie: "better-auth.session_token=t", address: "10.0.0.1" },
    });
    // Nothing is answered until the procedure is done; handle() did not wait for it.
    expect(frames).toEqual([]);
    pending[0]?.({ output: { id: "m1" } });
    await flush();
    expect(frames).toEqual([{ type: "result", id: 7, output: { id: "m1" } }]);
  });

  it(`bounds the calls running at once to ${REALTIME_LIMITS.maxCallsInFlight} per connection`, async () => {
    const calls = new SocketCalls(createLogger("silent"), { gatherMs: 0 });
    const { runner, pending } = heldRunner();
    calls.serve(runner);
    const { connection, asConnection, frames } = fakeConnection();
    const max = REALTIME_LIMITS.maxCallsInFlight;
    for (let id = 1; id <= max + 1; id++) calls.handle(asConnection, callFrame(id));
    expect(runner).toHaveBeenCalledTimes(max);
    expect(frames).toEqual([
      {
        type: "result",
        id: max + 1,
        error: { code: "TOO_MANY_REQUESTS", status: 429, message: PERMISSION.rateLimited },
      },
    ]);
    pending[0]?.({ output: null });
    await flush();
    expect(connection.callsInFlight).toBe(max - 1);
    calls.handle(asConnection, callFrame(max + 2));
    expect(runner).toHaveBeenCalledTimes(max + 1);
  });

  it("passes an error on and closes the socket after answering when its session ended", async () => {
    const calls = new SocketCalls(createLogger("silent"), { gatherMs: 0 });
    const error = { code: "UNAUTHORIZED", status: 401, message: PERMISSION.unauthorized };
    calls.serve(async () => ({ error, sessionEnded: true }));
    const { connection, asConnection, frames } = fakeConnection();
    calls.handle(asConnection, callFrame(3));
    await flush();
    expect(frames).toEqual([{ type: "result", id: 3, error }]);
    expect(connection.close).toHaveBeenCalledWith(CLOSE_CODES.unauthorized, "Session ended");
    expect(connection.callsInFlight).toBe(0);
  });

  it("answers a runner that throws with a generic 500 and frees its slot", async () => {
    const calls = new SocketCalls(createLogger("silent"), { gatherMs: 0 });
    calls.serve(() => Promise.reject(new Error("database down: secret details")));
    const { connection, asConnection, frames } = fakeConnection();
    calls.handle(asConnection, callFrame(4));
    await flush();
    expect(frames).toEqual([
      {
        type: "result",
        id: 4,
        error: { code: "INTERNAL_SERVER_ERROR", status: 500, message: "Something went wrong." },
      },
    ]);
    expect(connection.callsInFlight).toBe(0);
    expect(connection.close).not.toHaveBeenCalled();
  });

  it("refuses calls (503) until the process serves them", () => {
    const calls = new SocketCalls(createLogger("silent"), { gatherMs: 0 });
    const { asConnection, frames } = fakeConnection();
    calls.handle(asConnection, callFrame(1));
    expect(frames).toEqual([
      {
        type: "result",
        id: 1,
        error: { code: "SERVICE_UNAVAILABLE", status: 503, message: "Service unavailable" },
      },
    ]);
  });

  describe("gathering a burst (decision 0034)", () => {
    // Wide enough that the synchronous calls of a test always fall inside one window.
    const gatherMs = 40;

    it("starts a call after a quiet spell at once, and the calls close behind it together when the window closes", async () => {
      const calls = new SocketCalls(createLogger("silent"), { gatherMs });
      const { runner, pending } = heldRunner();
      calls.serve(runner);
      const { connection, asConnection, frames } = fakeConnection();
      calls.handle(asConnection, callFrame(1));
      expect(runner).toHaveBeenCalledTimes(1);
      calls.handle(asConnection, callFrame(2));
      calls.handle(asConnection, callFrame(3));
      // Held, but counted against the connection's bound already.
      expect(runner).toHaveBeenCalledTimes(1);
      expect(connection.callsInFlight).toBe(3);
      await sleep(gatherMs + 20);
      expect(runner).toHaveBeenCalledTimes(3);
      expect(runner.mock.calls.map(([call]) => call.input)).toEqual([
        { roomId: "r1", content: "message 1" },
        { roomId: "r1", content: "message 2" },
        { roomId: "r1", content: "message 3" },
      ]);
      pending.forEach((settle, i) => settle({ output: { id: `m${i + 1}` } }));
      await flush();
      expect(frames.map((frame) => frame.type === "result" && frame.id)).toEqual([1, 2, 3]);
      expect(connection.callsInFlight).toBe(0);
      // A quiet spell later, a call starts at once again.
      await sleep(gatherMs + 20);
      calls.handle(asConnection, callFrame(4));
      expect(runner).toHaveBeenCalledTimes(4);
    });

    it("gathers the calls of every connection in one window", async () => {
      const calls = new SocketCalls(createLogger("silent"), { gatherMs });
      const { runner } = heldRunner();
      calls.serve(runner);
      const ann = fakeConnection();
      const bob = fakeConnection();
      bob.connection.user = { ...bob.connection.user, id: "bob" };
      calls.handle(ann.asConnection, callFrame(1));
      calls.handle(bob.asConnection, callFrame(1));
      calls.handle(ann.asConnection, callFrame(2));
      expect(runner).toHaveBeenCalledTimes(1);
      await sleep(gatherMs + 20);
      expect(runner.mock.calls.map(([call]) => call.caller.userId)).toEqual(["ann", "bob", "ann"]);
    });

    it("refuses a call over the connection's bound while the others are gathered", () => {
      const calls = new SocketCalls(createLogger("silent"), { gatherMs });
      const { runner } = heldRunner();
      calls.serve(runner);
      const { asConnection, frames } = fakeConnection();
      const max = REALTIME_LIMITS.maxCallsInFlight;
      for (let id = 1; id <= max + 1; id++) calls.handle(asConnection, callFrame(id));
      expect(runner).toHaveBeenCalledTimes(1);
      expect(frames).toEqual([
        {
          type: "result",
          id: max + 1,
          error: { code: "TOO_MANY_REQUESTS", status: 429, message: PERMISSION.rateLimited },
        },
      ]);
      calls.close();
      expect(runner).toHaveBeenCalledTimes(max);
    });

    it("gathers for a few milliseconds at most by default, far under the p99 target", () => {
      expect(CALL_GATHER_MS).toBeGreaterThan(0);
      expect(CALL_GATHER_MS).toBeLessThanOrEqual(6);
    });
  });
});
