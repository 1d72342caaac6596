import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { prepareTextFrame, writePreparedFrame } from "./prepared-frame";
import { openSocketPair } from "./socket-pair.test-support";

let pair: Awaited<ReturnType<typeof openSocketPair>>;
let server: WebSocket;
let received: string[];

beforeAll(async () => {
  pair = await openSocketPair();
  ({ server, received } = pair);
});
afterAll(() => pair.close());

const text = (length: number, char: string) => char.repeat(length);

describe("prepared text frames", () => {
  it("reach a real client intact for every length encoding (7-bit, 16-bit, 64-bit)", async () => {
    received.length = 0;
    const texts = [0, 1, 125, 126, 300, 65_535, 65_536, 200_000].map((n, i) =>
      text(n, String.fromCharCode(97 + i)),
    );
    for (const t of texts) {
      const payload = Buffer.from(t);
      writePreparedFrame(server, prepareTextFrame(payload), payload);
    }
    await vi.waitFor(() => expect(received).toHaveLength(texts.length));
    expect(received).toEqual(texts);
  });

  it("keep their order among ordinary sends, multi-byte text included", async () => {
    received.length = 0;
    const payload = Buffer.from('{"text":"héllo 👋"}');
    server.send("first");
    writePreparedFrame(server, prepareTextFrame(payload), payload);
    server.send("last");
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(received).toEqual(["first", '{"text":"héllo 👋"}', "last"]);
  });

  it("go through the sender ws 8.23 keeps (the fast path decision 0011 relies on)", () => {
    const sender = (server as unknown as { _sender: Record<string, unknown> })._sender;
    expect(typeof sender.sendFrame).toBe("function");
    expect(sender._state).toBe(0);
    expect(sender._queue).toEqual([]);
  });

  it("fall back to a normal send while the sender has frames queued", () => {
    const payload = Buffer.from("queued");
    const sendFrame = vi.fn();
    const send = vi.fn();
    const busy = { _sender: { _state: 1, _queue: [["pending"]], sendFrame }, send };
    writePreparedFrame(busy as unknown as WebSocket, prepareTextFrame(payload), payload);
    expect(sendFrame).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith(payload, { binary: false });
  });
});
