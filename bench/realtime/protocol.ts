import type { ChatMessage, Region } from "@chatsphere/contract";
import type { SparseHistogram } from "./stats";

/**
 * The servers under test: ours, the two baselines, and a latency control: the bare `ws`
 * baseline triggered through Redis exactly as ours is, which shows what the Redis hop alone
 * costs in latency on this machine.
 */
export type Target = "ours" | "bare-ws" | "socketio" | "bare-ws-redis" | "socketio-pg";

export const TARGET_LABEL: Record<Target, string> = {
  ours: "ChatSphere",
  "bare-ws": "bare ws",
  socketio: "Socket.IO",
  "bare-ws-redis": "bare ws, Redis trigger",
  "socketio-pg": "Socket.IO + PostgreSQL",
};

/** One simulated client: its session (ours only) and what it listens to. */
export interface ClientSpec {
  userId?: string;
  cookie?: string;
  /** Its own address (X-Forwarded-For), for the server's per-address rate limits. */
  ip?: string;
  /** The Socket.IO + PostgreSQL baseline: its session token (handshake `auth`). */
  token?: string;
  /** Room ids it joins (`room:{id}` on ours). */
  rooms: string[];
  /**
   * Ours with several processes: the origin its HTTP calls go to (the process holding its
   * socket); without it they go to the one server.
   */
  rpcOrigin?: string;
  /** Ours: also subscribe `user:{id}`, as the web client does. */
  userChannel?: boolean;
}

/** Coordinator -> generator worker. */
export type WorkerCommand =
  | {
      cmd: "open";
      target: Target;
      /** ws:// URL of the server (its /ws path, or the Socket.IO origin). */
      url: string;
      origin: string;
      clients: ClientSpec[];
      concurrency: number;
    }
  | {
      cmd: "reset";
      /** Keep every delivery's send and receive time until the next reset (--sched-trace). */
      samples?: boolean;
    }
  | { cmd: "report" }
  | { cmd: "status" }
  | { cmd: "closeAll" }
  | { cmd: "pairsStart"; rpcUrl: string; origin: string; continent: Region }
  | { cmd: "pairsReport" }
  | { cmd: "pairsStop" }
  | {
      cmd: "sendStart";
      /** How the members send: an HTTP call (ours), or over their open socket. */
      transport: SendTransport;
      /** This worker's share of the sends per second. */
      perSecond: number;
      /** Members send into their room whose id starts with this (e.g. `bench-r10-`). */
      roomPrefix: string;
      /** Ours over HTTP: the server's origin (POST {origin}/rpc/message/send). */
      origin: string;
    }
  | { cmd: "sendStatus" }
  | { cmd: "sendStop" };

/** `http`: ours' message.send as an HTTP call; `socket`: over the sender's open socket. */
export type SendTransport = "http" | "socket";

/** A worker's sends since sendStart. */
export interface SendStatus {
  senders: number;
  sent: number;
  /** Sends the pacer skipped because the worker fell behind (at most 50 ms at once). */
  dropped: number;
  /** Sends skipped because the server was behind: too many were unanswered. */
  skippedBehind: number;
  answered: number;
  failed: number;
  firstError?: string;
}

export interface OpenResult {
  opened: number;
  failed: number;
  firstError?: string;
}

export interface DeliveryReport {
  deliveries: number;
  histogram: SparseHistogram;
  maxUs: number;
  /** The worker's process id (its main thread's id). */
  pid: number;
  /** With `samples` at the reset: send and receive time of each delivery, in pairs. */
  samples?: number[];
}

export interface StatusReport {
  /** Messages received since the last reset. */
  deliveries: number;
  open: number;
  closed: number;
  closeCodes: Record<string, number>;
}

export interface PairsReport {
  /** Every stranger_matched seen since the last reset: room id, who, when (monotonic µs). */
  matches: [roomId: string, userId: string, atUs: number][];
  /**
   * Whole run: a guest told `stranger_matched` for a new room while its previous room had not
   * ended for it (not skipped by it, no `stranger_skipped` or `stranger_idle` for it, no new
   * findStranger of its own): a user in two rooms at once. 0 expected.
   */
  doubleMatches: number;
  firstDoubleMatch?: string;
  rpcCalls: number;
  rpcErrors: number;
  firstError?: string;
}

export interface WorkerRequest {
  id: number;
  command: WorkerCommand;
}

export type WorkerReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** Message text length of every broadcast (the "100-byte messages"). */
export const MESSAGE_BYTES = 100;

/**
 * What follows the stamp in a message: words, as people type them. (Until the fourth full-send
 * run the filler was a run of "x"; "xx" and "xxx" are words of the profanity filter's lists,
 * so such a text was a candidate match at every position: about 75 KB allocated and 26 µs per
 * message in the filter, against about 19 KB and 15 µs for a sentence of the same length.)
 */
const FILLER =
  "anyone else watching the game tonight? we could meet at the usual place after work, let me know! ";

/** `stamp` followed by words, MESSAGE_BYTES long in all. */
export function messageText(stamp: string): string {
  let text = stamp;
  while (text.length < MESSAGE_BYTES) text += FILLER;
  return text.slice(0, MESSAGE_BYTES);
}

const SENDER = { id: "bench-sender", name: "Bench sender", image: null };

/**
 * The chat message of one broadcast. Its text starts with the send time (monotonic µs) and is
 * padded to MESSAGE_BYTES; receivers read the time back without parsing the whole frame.
 */
export function benchMessage(roomId: string, seq: number, sentUs: number): ChatMessage {
  const stamp = `${sentUs} `;
  return {
    id: `bench-${seq}`,
    roomId,
    content: messageText(stamp),
    senderId: SENDER.id,
    sender: SENDER,
    createdAt: new Date().toISOString(),
    media: null,
  };
}

const CONTENT_KEY = Buffer.from('"content":"');
const DIGIT_0 = 48;
const DIGIT_9 = 57;

/**
 * The send time stamped in a message frame (ours and bare ws: the same bytes), or -1 when the
 * frame carries no message (welcome, subscribed, presence...).
 */
export function stampOfFrame(frame: Buffer): number {
  const at = frame.indexOf(CONTENT_KEY);
  if (at < 0) return -1;
  return stampOfDigits(frame, at + CONTENT_KEY.length);
}

function stampOfDigits(bytes: Buffer, start: number): number {
  let value = 0;
  for (let i = start; i < bytes.length; i++) {
    const c = bytes[i] ?? 0;
    if (c < DIGIT_0 || c > DIGIT_9) break;
    value = value * 10 + (c - DIGIT_0);
  }
  return value;
}

/** The send time stamped in a message's text (Socket.IO hands over the parsed payload). */
export const stampOfContent = (content: string) => Number.parseInt(content, 10);
