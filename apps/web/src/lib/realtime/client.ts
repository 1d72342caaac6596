import { ORPCError } from "@orpc/client";
import {
  CLOSE_CODES,
  REALTIME_LIMITS,
  type ClientFrame,
  type EventFrame,
  type PresenceStatus,
  type ResultFrame,
  type ServerFrame,
  type SocketProcedure,
  type SocketProcedureOutputs,
} from "@chatsphere/contract";
import { backoffDelay } from "./backoff";
import { applyPresence, type PresenceState } from "./presence-state";

export type RealtimeStatus = "idle" | "connecting" | "open" | "reconnecting" | "unauthorized";

export interface ChannelListener {
  onEvent?(frame: EventFrame): void;
  /** The server refused the subscription or ended it (left, banned, room closed). */
  onRefused?(reason: "forbidden" | "ended"): void;
}

export interface ChannelSnapshot {
  ready: boolean;
  presence: PresenceState | null;
}

interface Channel {
  refs: number;
  snapshot: ChannelSnapshot;
  listeners: Set<ChannelListener>;
}

const PING_EVERY_MS = 20_000;
const PONG_WITHIN_MS = 8_000;
const IDLE_CLOSE_MS = 3_000;
const NOT_READY: ChannelSnapshot = { ready: false, presence: null };
/** A call over the socket not answered within this is given up (and may be retried). */
export const CALL_TIMEOUT_MS = 10_000;

interface PendingCall {
  resolve(output: unknown): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A call that got no answer: the socket closed or the answer was late. It may or may not have
 * run on the server, so, like a lost HTTP request, it has no status (send-retry.ts retries it
 * with the same clientId).
 */
export class CallLostError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "CallLostError";
  }
}

/**
 * One WebSocket to `/ws` for the whole tab. Channels are reference-counted; after a drop the
 * client reconnects with backoff and jitter, subscribes again, re-sends tracked presence and
 * tells `onReconnect` listeners to refetch what they show (events are hints, not the truth).
 */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private status: RealtimeStatus = "idle";
  private attempt = 0;
  private hasOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly channels = new Map<string, Channel>();
  private readonly tracked = new Map<string, PresenceStatus>();
  /** Unsubs sent on this socket whose "unsubscribed" answer has not come back yet. */
  private readonly unsubsInFlight = new Map<string, number>();
  private readonly changeListeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();
  /** The socket the server welcomed: calls go over it only then. */
  private welcomed: WebSocket | null = null;
  private nextCallId = 0;
  private readonly calls = new Map<number, PendingCall>();
  userId: string | null = null;

  constructor(private readonly url: () => string) {
    window.addEventListener("online", () => this.retryNow());
  }

  getStatus = () => this.status;
  getChannel = (channel: string) => this.channels.get(channel)?.snapshot ?? NOT_READY;

  /** Re-renders hooks on any status, readiness or presence change. */
  subscribe = (listener: () => void) => {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  };

  onReconnect(listener: () => void) {
    this.reconnectListeners.add(listener);
    return () => void this.reconnectListeners.delete(listener);
  }

  /** Holds a channel until the returned function is called. */
  acquire(name: string, listener: ChannelListener): () => void {
    clearTimeout(this.idleTimer);
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { refs: 0, snapshot: NOT_READY, listeners: new Set() };
      this.channels.set(name, channel);
      this.send({ type: "sub", channel: name });
    }
    channel.refs++;
    channel.listeners.add(listener);
    this.ensureOpen();
    const held = channel;
    return () => {
      held.listeners.delete(listener);
      if (--held.refs > 0) return;
      this.channels.delete(name);
      this.tracked.delete(name);
      if (this.send({ type: "unsub", channel: name })) {
        this.unsubsInFlight.set(name, (this.unsubsInFlight.get(name) ?? 0) + 1);
      }
      if (this.channels.size === 0)
        this.idleTimer = setTimeout(() => this.shutdown(), IDLE_CLOSE_MS);
    };
  }

  /** This client's presence state on a channel, kept across reconnects. */
  track(channel: string, status: PresenceStatus) {
    this.tracked.set(channel, status);
    if (this.channels.get(channel)?.snapshot.ready) {
      this.send({ type: "track", channel, state: { status } });
    }
  }

  typing(channel: string) {
    this.send({ type: "typing", channel });
  }

  /**
   * Calls a procedure over the socket when it is open and welcomed and the frame fits the
   * server's limit; otherwise (and only then) through `fallback`, the same call over HTTP.
   * A refusal rejects with the ORPCError the HTTP call would give (same code, status,
   * message and data); a call lost with the socket, or unanswered within CALL_TIMEOUT_MS,
   * rejects with a CallLostError, which has no status, like a lost HTTP request.
   */
  call<P extends SocketProcedure>(
    procedure: P,
    input: unknown,
    fallback: () => Promise<SocketProcedureOutputs[P]>,
  ): Promise<SocketProcedureOutputs[P]> {
    const ws = this.ws;
    if (!ws || ws !== this.welcomed || ws.readyState !== WebSocket.OPEN) return fallback();
    const id = ++this.nextCallId;
    const text = JSON.stringify({ type: "call", id, procedure, input } satisfies ClientFrame);
    if (!fitsFrame(text)) return fallback();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new CallLostError("The server did not answer in time."));
      }, CALL_TIMEOUT_MS);
      this.calls.set(id, {
        resolve: (output) => resolve(output as SocketProcedureOutputs[P]),
        reject,
        timer,
      });
      ws.send(text);
    });
  }

  /** Drops the connection and opens a new one (after the session changed). */
  restart() {
    this.userId = null;
    this.ws?.close(CLOSE_CODES.normal);
    this.retryNow();
  }

  private ensureOpen() {
    if (this.ws || this.retryTimer || this.status === "unauthorized") return;
    this.connect();
  }

  private connect() {
    this.retryTimer = undefined;
    this.setStatus(this.hasOpened ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setStatus("open");
      for (const name of this.channels.keys()) this.send({ type: "sub", channel: name });
      this.startHeartbeat();
      if (this.hasOpened) this.reconnectListeners.forEach((listener) => listener());
      this.hasOpened = true;
    };
    ws.onmessage = (message: MessageEvent<string>) => {
      this.armPong();
      this.receive(JSON.parse(message.data) as ServerFrame);
    };
    ws.onclose = (event) => {
      // Calls of an older socket were lost when it was let go (shutdown).
      if (this.ws === ws) this.loseCalls();
      this.dropped(ws, event.code);
    };
  }

  private settle(frame: ResultFrame) {
    const call = this.calls.get(frame.id);
    if (!call) return;
    this.calls.delete(frame.id);
    clearTimeout(call.timer);
    if (!frame.error) return call.resolve(frame.output);
    const { code, status, message, data } = frame.error;
    call.reject(new ORPCError(code, { status, message, data }));
  }

  /** Every call still waiting is lost with its socket (its answer can no longer come). */
  private loseCalls() {
    if (this.calls.size === 0) return;
    const lost = [...this.calls.values()];
    this.calls.clear();
    for (const call of lost) {
      clearTimeout(call.timer);
      call.reject(new CallLostError("The connection closed before the server answered."));
    }
  }

  private receive(frame: ServerFrame) {
    const channel =
      "channel" in frame && frame.channel ? this.channels.get(frame.channel) : undefined;
    switch (frame.type) {
      case "welcome":
        this.userId = frame.userId;
        this.welcomed = this.ws;
        return;
      case "subscribed": {
        if (!channel) return;
        this.update(frame.channel, { ...channel.snapshot, ready: true });
        const status = this.tracked.get(frame.channel);
        if (status) this.send({ type: "track", channel: frame.channel, state: { status } });
        return;
      }
      case "presence":
        if (channel) {
          const presence = applyPresence(channel.snapshot.presence, frame);
          this.update(frame.channel, { ...channel.snapshot, presence });
        }
        return;
      case "event":
        channel?.listeners.forEach((listener) => listener.onEvent?.(frame));
        return;
      case "unsubscribed":
        // The answer to our own unsub, maybe arriving after the channel was taken again, is
        // not news; any other means the server ended it (left, banned, room closed).
        if (!this.answersOwnUnsub(frame.channel)) this.refused(frame.channel, "ended");
        return;
      case "error":
        if (channel && frame.channel && frame.code !== "rate_limited") {
          this.refused(frame.channel, "forbidden");
        }
        return;
      case "pong":
        return;
      case "result":
        return this.settle(frame);
    }
  }

  private dropped(ws: WebSocket, code: number) {
    if (this.ws !== ws) return;
    this.ws = null;
    this.unsubsInFlight.clear();
    this.stopHeartbeat();
    for (const name of this.channels.keys()) this.update(name, NOT_READY, false);
    if (code === CLOSE_CODES.unauthorized) return this.setStatus("unauthorized");
    if (this.channels.size === 0) return this.setStatus("idle");
    this.setStatus("reconnecting");
    this.retryTimer = setTimeout(() => this.connect(), backoffDelay(this.attempt++));
  }

  private retryNow() {
    if (this.ws || this.channels.size === 0) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    if (this.status === "unauthorized") this.status = "idle";
    this.connect();
  }

  private shutdown() {
    if (this.channels.size > 0) return;
    const ws = this.ws;
    this.ws = null;
    this.loseCalls();
    this.stopHeartbeat();
    ws?.close(CLOSE_CODES.normal);
    this.unsubsInFlight.clear();
    this.setStatus("idle");
  }

  private refused(name: string, reason: "forbidden" | "ended") {
    const channel = this.channels.get(name);
    if (!channel) return;
    this.update(name, NOT_READY);
    channel.listeners.forEach((listener) => listener.onRefused?.(reason));
  }

  private answersOwnUnsub(name: string) {
    const count = this.unsubsInFlight.get(name);
    if (!count) return false;
    if (count > 1) this.unsubsInFlight.set(name, count - 1);
    else this.unsubsInFlight.delete(name);
    return true;
  }

  /** Whether the frame went out (the socket was open). */
  private send(frame: ClientFrame) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** A connection that stopped answering (sleeping laptop, dead proxy) is replaced. */
  private startHeartbeat() {
    this.stopHeartbeat();
    this.pingTimer = setInterval(() => {
      this.send({ type: "ping" });
      this.pongTimer ??= setTimeout(() => this.ws?.close(), PONG_WITHIN_MS);
    }, PING_EVERY_MS);
  }

  private armPong() {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  private stopHeartbeat() {
    clearInterval(this.pingTimer);
    this.armPong();
  }

  private update(name: string, snapshot: ChannelSnapshot, notify = true) {
    const channel = this.channels.get(name);
    if (!channel) return;
    channel.snapshot = snapshot;
    if (notify) this.emit();
  }

  private setStatus(status: RealtimeStatus) {
    this.status = status;
    this.emit();
  }

  private emit() {
    this.changeListeners.forEach((listener) => listener());
  }
}

/** Whether a frame's UTF-8 bytes fit the server's limit (bigger ones close the socket). */
function fitsFrame(text: string) {
  // A UTF-16 code unit takes at most 3 bytes in UTF-8: most frames need no encoding to tell.
  if (text.length * 3 <= REALTIME_LIMITS.maxFrameBytes) return true;
  return new TextEncoder().encode(text).length <= REALTIME_LIMITS.maxFrameBytes;
}
