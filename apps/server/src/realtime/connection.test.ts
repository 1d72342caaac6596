import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Connection, encodeEvent } from "./connection";
import { prepareTextFrame } from "./prepared-frame";
import { openSocketPair } from "./socket-pair.test-support";

let pair: Awaited<ReturnType<typeof openSocketPair>>;
let connection: Connection;
let received: string[];

beforeAll(async () => {
  pair = await openSocketPair();
  received = pair.received;
  connection = new Connection(pair.server, {
    id: "u1",
    name: "Ada",
    image: null,
    role: null,
    sessionCookie: "session=1",
    address: "127.0.0.1",
  });
});
afterAll(() => pair.close());

const socketOf = (c: Connection) => (c.ws as unknown as { _socket: Socket })._socket;

/** A room's broadcast of a message, then the answer to the call that sent it, in one turn. */
function broadcastThenResult() {
  const payload = encodeEvent("room:r1", "message", {
    id: "m1",
    roomId: "r1",
    content: "hello",
    senderId: "u1",
    sender: { id: "u1", name: "Ada", image: null },
    createdAt: new Date(0).toISOString(),
    media: null,
  });
  connection.sendPrepared(prepareTextFrame(payload), payload);
  connection.sendFrame({ type: "result", id: 7, output: { id: "m1" } });
}

describe("a connection's writes", () => {
  it("send a broadcast and the result of a call in flight in one write", async () => {
    received.length = 0;
    const socket = socketOf(connection);
    const writev = vi.spyOn(socket as unknown as { _writev: () => void }, "_writev");
    const write = vi.spyOn(socket as unknown as { _write: () => void }, "_write");
    connection.callsInFlight = 1;
    broadcastThenResult();
    connection.callsInFlight = 0;
    // Held until the turn's ticks, then released: nothing is left corked.
    expect(writev).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.writableCorked).toBe(0);
    expect(write).not.toHaveBeenCalled();
    expect(writev).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(JSON.parse(received[0] as string)).toMatchObject({ type: "event", event: "message" });
    expect(JSON.parse(received[1] as string)).toEqual({
      type: "result",
      id: 7,
      output: { id: "m1" },
    });
    writev.mockRestore();
    write.mockRestore();
  });

  it("write a broadcast at once to a socket with no call in flight", async () => {
    received.length = 0;
    const socket = socketOf(connection);
    const write = vi.spyOn(socket as unknown as { _write: () => void }, "_write");
    broadcastThenResult();
    expect(write).toHaveBeenCalledTimes(1);
    expect(socket.writableCorked).toBe(0);
    await vi.waitFor(() => expect(received).toHaveLength(2));
    write.mockRestore();
  });
});
