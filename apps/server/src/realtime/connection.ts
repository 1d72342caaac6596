import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import {
  CLOSE_CODES,
  REALTIME_LIMITS,
  type RealtimeEventName,
  type RealtimeEvents,
  type ServerFrame,
} from "@chatsphere/contract";
import { writePreparedFrame } from "./prepared-frame";

export interface ConnectionUser {
  id: string;
  name: string;
  image: string | null;
  /** Its role when it connected: a socket whose user changes role is closed (set-role). */
  role: string | null;
  /** The session cookie (`name=value`) it connected with, to check the session again later. */
  sessionCookie: string;
  /** The client address it came from (per-address socket cap). */
  address: string;
}

const OPEN = 1;
/** Shared by every send: ws would otherwise send a Buffer as a binary frame. */
const TEXT_FRAME = { binary: false } as const;

export const encodeFrame = (frame: ServerFrame) => Buffer.from(JSON.stringify(frame));

/** An event frame, serialised once for every subscriber on every process. */
export const encodeEvent = <E extends RealtimeEventName>(
  channel: string,
  event: E,
  payload: RealtimeEvents[E],
) => Buffer.from(JSON.stringify({ type: "event", channel, event, payload }));

/**
 * One WebSocket and the little state it needs: who it is, which channels it holds, its
 * frame allowance and liveness. Kept small on purpose: a server holds tens of thousands.
 */
export class Connection {
  readonly channels = new Set<string>();
  isAlive = true;
  /** Its slot on the gateway's heartbeat wheel (-1: none). */
  heartbeatSlot = -1;
  /** Its `call` frames still running (bounded by REALTIME_LIMITS.maxCallsInFlight). */
  callsInFlight = 0;
  /** Its socket is corked until the current turn's ticks run (holdWritesForTheTurn). */
  private holdingWrites = false;
  private tokens: number = REALTIME_LIMITS.frameBurst;
  private refilledAt = Date.now();
  private typingAt: Map<string, number> | null = null;

  constructor(
    readonly ws: WebSocket,
    readonly user: ConnectionUser,
  ) {}

  get isOpen() {
    return this.ws.readyState === OPEN;
  }

  /** Writes pre-serialised bytes; a consumer that stopped reading is dropped, not buffered. */
  send(data: Buffer) {
    if (this.canTake()) this.ws.send(data, TEXT_FRAME);
  }

  /**
   * Writes a frame prepared once for every subscriber of a broadcast (`prepareTextFrame`). To
   * a socket with a call in flight, the broadcast is most often that call's own message, and
   * the call's result follows in the same turn: the two leave in one write.
   */
  sendPrepared(frame: Buffer, payload: Buffer) {
    if (!this.canTake()) return;
    if (this.callsInFlight > 0) this.holdWritesForTheTurn();
    writePreparedFrame(this.ws, frame, payload);
  }

  /**
   * Corks the socket until the ticks of this turn run, after its microtasks (decision 0044):
   * a message sent over the socket reaches its sender twice, as the room's broadcast and as
   * the call's result, and the result's promise settles within the same turn of the event
   * loop as the broadcast (with one process; with several the broadcast comes back from
   * Redis later and nothing is held). One system call and one TCP segment instead of two.
   */
  private holdWritesForTheTurn() {
    if (this.holdingWrites) return;
    const socket = (this.ws as unknown as { _socket?: Socket })._socket;
    if (!socket) return;
    this.holdingWrites = true;
    socket.cork();
    process.nextTick(() => {
      this.holdingWrites = false;
      socket.uncork();
    });
  }

  private canTake() {
    const ws = this.ws;
    if (ws.readyState !== OPEN) return false;
    if (ws.bufferedAmount > REALTIME_LIMITS.maxBufferedBytes) {
      this.close(CLOSE_CODES.slowConsumer, "Too slow to keep up");
      return false;
    }
    return true;
  }

  sendFrame(frame: ServerFrame) {
    this.send(encodeFrame(frame));
  }

  /**
   * Token bucket over client frames: "ok", "drop" (over the limit: the frame is refused) or
   * "close" (far over it: the client is flooding).
   */
  takeFrameToken(now = Date.now()): "ok" | "drop" | "close" {
    const { framesPerSecond, frameBurst } = REALTIME_LIMITS;
    this.tokens = Math.min(
      frameBurst,
      this.tokens + ((now - this.refilledAt) / 1000) * framesPerSecond,
    );
    this.refilledAt = now;
    this.tokens -= 1;
    if (this.tokens >= 0) return "ok";
    return this.tokens < -frameBurst ? "close" : "drop";
  }

  /** Typing is relayed at most once per interval per channel. */
  allowTyping(channel: string, now = Date.now()) {
    this.typingAt ??= new Map();
    const last = this.typingAt.get(channel) ?? 0;
    if (now - last < REALTIME_LIMITS.typingIntervalMs) return false;
    this.typingAt.set(channel, now);
    return true;
  }

  forgetChannel(channel: string) {
    this.channels.delete(channel);
    this.typingAt?.delete(channel);
  }

  ping() {
    this.ws.ping();
  }

  /** Drops the socket without a closing handshake (it stopped answering). */
  terminate() {
    this.ws.terminate();
  }

  close(code: number, reason: string) {
    if (this.ws.readyState === OPEN) this.ws.close(code, reason);
  }
}
