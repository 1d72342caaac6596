import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { WebSocket, WebSocketServer } from "ws";

/**
 * A real WebSocket over loopback for the realtime tests: the server's end, the text
 * of every frame the client received (binary frames fail the test), and a close.
 */
export async function openSocketPair() {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
  await once(wss, "listening");
  const accepted = once(wss, "connection") as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on("message", (data, isBinary) => {
    expect(isBinary).toBe(false);
    received.push(data.toString());
  });
  const [server] = await accepted;
  const close = async () => {
    client.close();
    await new Promise((resolve) => wss.close(resolve));
  };
  return { server, received, close };
}
