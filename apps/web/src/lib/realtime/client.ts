import {
  CLOSE_CODES,
  type ClientFrame,
  type EventFrame,
  type PresenceStatus,
  type ServerFrame,
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
    ws.onclose = (event) => this.dropped(ws, event.code);
  }

  private receive(frame: ServerFrame) {
    const channel =
      "channel" in frame && frame.channel ? this.channels.get(frame.channel) : undefined;
    switch (frame.type) {
      case "welcome":
        this.userId = frame.userId;
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
        // The answer to our own unsub, maybe arriving after the channel was taken again.
        if (this.answersOwnUnsub(frame.channel)) return;
      // falls through: the server ended the subscription (left, banned, room closed)
      case "error":
        if (!channel || (frame.type === "error" && frame.code === "rate_limited")) return;
        this.update(frame.channel ?? "", NOT_READY);
        channel.listeners.forEach((l) =>
          l.onRefused?.(frame.type === "error" ? "forbidden" : "ended"),
        );
        return;
      case "pong":
        return;
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
    this.stopHeartbeat();
    ws?.close(CLOSE_CODES.normal);
    this.unsubsInFlight.clear();
    this.setStatus("idle");
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
