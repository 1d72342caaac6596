import { describe, expect, it, vi } from "vitest";
import {
  CLOSE_CODES,
  PERMISSION,
  REALTIME_LIMITS,
  type CallFrame,
  type ServerFrame,
} from "@chatsphere/contract";
import { createLogger } from "../logger";
import { SocketCalls, type CallOutcome, type CallRunner } from "./calls";
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

describe("SocketCalls", () => {
  it("runs a call with the socket's caller and answers with its output under its id", async () => {
    const calls = new SocketCalls(createLogger("silent"));
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
    const calls = new SocketCalls(createLogger("silent"));
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
    const calls = new SocketCalls(createLogger("silent"));
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
    const calls = new SocketCalls(createLogger("silent"));
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
    const calls = new SocketCalls(createLogger("silent"));
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
});
