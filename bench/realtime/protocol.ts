import type { ChatMessage, Region } from "@chatsphere/contract";
import type { SparseHistogram } from "./stats";

/**
 * The servers under test: ours, the two baselines, and a latency control: the bare `ws`
 * baseline triggered through Redis exactly as ours is, which shows what the Redis hop alone
 * costs in latency on this machine.
 */
export type Target = "ours" | "bare-ws" | "socketio" | "bare-ws-redis";

export const TARGET_LABEL: Record<Target, string> = {
  ours: "ChatSphere",
  "bare-ws": "bare ws",
  socketio: "Socket.IO",
  "bare-ws-redis": "bare ws, Redis trigger",
};

/** One simulated client: its session (ours only) and what it listens to. */
export interface ClientSpec {
  userId?: string;
  cookie?: string;
  /** Its own address (X-Forwarded-For), for the server's per-address rate limits. */
  ip?: string;
  /** Room ids it joins (`room:{id}` on ours). */
  rooms: string[];
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
  | { cmd: "reset" }
  | { cmd: "report" }
  | { cmd: "status" }
  | { cmd: "closeAll" }
  | { cmd: "pairsStart"; rpcUrl: string; origin: string; continent: Region }
  | { cmd: "pairsReport" }
  | { cmd: "pairsStop" };

export interface OpenResult {
  opened: number;
  failed: number;
  firstError?: string;
}

export interface DeliveryReport {
  deliveries: number;
  histogram: SparseHistogram;
  maxUs: number;
}

export interface StatusReport {
  /** Messages received since the last reset. */
  deliveries: number;
  open: number;
  closed: number;
  closeCodes: Record<string, number>;
}

export interface PairsReport {
  /** Every stranger_matched seen since the last reset: room id and when (monotonic µs). */
  matches: [roomId: string, atUs: number][];
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
    content: stamp + "x".repeat(MESSAGE_BYTES - stamp.length),
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
