import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { WebSocket } from "ws";
import { type ClientFrame, type ServerFrame } from "@chatsphere/contract";
import { room } from "../src/db/schema";
import { ORIGIN, type TestServer } from "./harness";

/** The id of the seeded global room "General", which every signed-in user may join. */
export async function generalRoomId(server: TestServer) {
  const [row] = await server.runtime.services.db
    .select({ id: room.id })
    .from(room)
    .where(eq(room.name, "General"));
  if (!row) throw new Error("no General room");
  return row.id;
}

/** Opens a socket; resolves with the HTTP status when the server refuses the upgrade. */
export function tryOpen(url: string, headers: Record<string, string>) {
  return new Promise<{ socket: TestSocket } | { status: number }>((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const socket = new TestSocket(ws);
    ws.once("open", () => resolve({ socket }));
    ws.once("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once("error", reject);
  });
}

export async function openSocket(url: string, cookie: string, origin = ORIGIN) {
  const result = await tryOpen(url, { cookie, origin });
  if ("status" in result) throw new Error(`refused: ${result.status}`);
  await result.socket.next((f) => f.type === "welcome");
  return result.socket;
}

/** A WebSocket client that records every frame and lets tests wait for the one they expect. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  closeCode: number | null = null;
  private waiters: { match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  private readonly closed: Promise<number>;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) =>
      ws.once("close", (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
  }

  send(frame: ClientFrame | Record<string, unknown>) {
    this.ws.send(JSON.stringify(frame));
  }

  /** How many frames arrived so far; pass it to `next` to ignore them. */
  mark() {
    return this.frames.length;
  }

  /** The first frame (already received after `since`, or still to come) that matches. */
  next<F extends ServerFrame>(
    match: (f: ServerFrame) => f is F,
    timeoutMs?: number,
    since?: number,
  ): Promise<F>;
  next(
    match: (f: ServerFrame) => boolean,
    timeoutMs?: number,
    since?: number,
  ): Promise<ServerFrame>;
  next(match: (f: ServerFrame) => boolean, timeoutMs = 5000, since = 0): Promise<ServerFrame> {
    const seen = this.frames.slice(since).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for a frame")), timeoutMs);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  /** Subscribes and resolves with the answer: "subscribed" or the error code. */
  async sub(channel: string): Promise<string> {
    this.send({ type: "sub", channel });
    const answer = await this.next(
      (f) =>
        (f.type === "subscribed" && f.channel === channel) ||
        (f.type === "error" && f.channel === channel),
    );
    return answer.type === "error" ? answer.code : answer.type;
  }

  events(event: string) {
    return this.frames.filter((f) => f.type === "event" && f.event === event);
  }

  waitClosed() {
    return this.closed;
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long to listen for a frame that must not come. An absence can only be shown by a bounded
 * wait: this is well above one in-process publish (a few milliseconds), and callers waiting
 * out a coalescing delay of the server pass their own.
 */
export const NO_FRAME_WAIT_MS = 300;

/** Fails if a frame matching `match` arrives within `ms` (or is there already, after `since`). */
export async function expectNoFrame(
  socket: TestSocket,
  match: (f: ServerFrame) => boolean,
  { ms = NO_FRAME_WAIT_MS, since = 0 }: { ms?: number; since?: number } = {},
) {
  const arrived = await socket.next(match, ms, since).catch(() => null);
  expect(arrived, "a frame that must not come arrived").toBeNull();
}

let pings = 0;

/** The server still holds the socket open and answers on it: its ping gets a pong, no close. */
export async function expectAlive(socket: TestSocket) {
  const id = ++pings;
  socket.send({ type: "ping", id });
  await socket.next((f) => f.type === "pong" && f.id === id);
  expect(socket.closeCode).toBeNull();
}
