import { NO_PROXY } from "../http/proxy-trust";
import { createOriginPolicy } from "../http/site-origin";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { CLOSE_CODES, REALTIME_LIMITS, REALTIME_PATH } from "@chatsphere/contract";
import type { CallerSession } from "../auth/caller-session";
import type { SessionCache } from "../auth/session-cache";
import { createLogger } from "../logger";
import { ChannelIndex } from "./channel-index";
import { Connection } from "./connection";
import { Gateway } from "./gateway";

const COOKIE = "better-auth.session_token=valid";
const session = { user: { id: "u1", name: "Ann", image: null } } as unknown as CallerSession;
const sessions: SessionCache = {
  get: async (cookie) => (cookie === COOKIE ? session : null),
  forgetCookie: () => undefined,
  forgetUser: () => undefined,
  close: () => undefined,
};

let http: Server;
let gateway: Gateway;
let url: string;
const router = { connected: vi.fn(), disconnected: vi.fn(), receive: vi.fn() };

beforeAll(async () => {
  gateway = new Gateway({
    sessions,
    origins: createOriginPolicy({
      publicUrl: "http://localhost:3000",
      allowedOrigins: [],
      trust: NO_PROXY,
    }),
    logger: createLogger("silent"),
    router,
    trust: NO_PROXY,
    socketsOf: () => 0,
    heartbeatMs: 150,
  });
  http = createServer();
  http.on("upgrade", gateway.handleUpgrade);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}${REALTIME_PATH}`;
});
afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => http.close(resolve));
});

const open = (options: { autoPong: boolean }) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie: COOKIE }, autoPong: options.autoPong });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once("close", resolve));

describe("gateway heartbeats", () => {
  it("drops a connection that stops answering pings", async () => {
    const silent = await open({ autoPong: false });
    expect(await closed(silent)).toBe(1006);
    await vi.waitFor(() => expect(router.disconnected).toHaveBeenCalled());
  });

  it("pings hundreds of connections spread over the interval and still drops a silent one", async () => {
    const alive = await Promise.all(Array.from({ length: 299 }, () => open({ autoPong: true })));
    const silent = await open({ autoPong: false });
    expect(await closed(silent)).toBe(1006);
    expect(alive.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
    alive.forEach((ws) => ws.close());
  });

  it("keeps a connection that answers", async () => {
    const alive = await open({ autoPong: true });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(alive.readyState).toBe(WebSocket.OPEN);
    alive.close();
  });
});

describe("slow consumers", () => {
  it("are closed (4009) instead of buffering without bound", () => {
    const ws = {
      readyState: 1,
      bufferedAmount: REALTIME_LIMITS.maxBufferedBytes + 1,
      send: vi.fn(),
      close: vi.fn(),
    };
    const connection = new Connection(ws as unknown as WebSocket, {
      id: "u1",
      name: "Ann",
      image: null,
      role: "user",
      sessionCookie: COOKIE,
      address: "127.0.0.1",
    });
    connection.send(Buffer.from("{}"));
    expect(ws.send).not.toHaveBeenCalled();
    expect(ws.close).toHaveBeenCalledWith(CLOSE_CODES.slowConsumer, expect.any(String));
  });

  it("are closed (4009) by a fan-out of prepared frames when their socket stops reading", async () => {
    router.connected.mockClear();
    const reader = await open({ autoPong: true });
    const stalled = await open({ autoPong: true });
    const [[readerConnection], [stalledConnection]] = router.connected.mock.calls as [
      [Connection],
      [Connection],
    ];
    const received: number[] = [];
    reader.on("message", (data: Buffer) => received.push(data.length));
    // The stalled client stops reading: the kernel buffers fill, then ws's own buffer grows.
    (stalled as unknown as { _socket: { pause(): void } })._socket.pause();
    const index = new ChannelIndex();
    index.add("room:r1", readerConnection);
    index.add("room:r1", stalledConnection);
    const payload = Buffer.from(JSON.stringify({ text: "x".repeat(64 * 1024) }));
    for (let i = 0; i < 400 && stalledConnection.isOpen; i++) {
      index.fanout("room:r1", payload);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stalledConnection.isOpen).toBe(false);
    expect(stalledConnection.ws.bufferedAmount).toBeGreaterThan(REALTIME_LIMITS.maxBufferedBytes);
    // The reader kept getting every frame, whole.
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(10));
    expect(new Set(received)).toEqual(new Set([payload.length]));
    reader.close();
    stalled.terminate();
  });
});
