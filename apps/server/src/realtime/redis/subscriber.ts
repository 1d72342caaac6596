import net from "node:net";
import tls from "node:tls";
import type { Logger } from "../../logger";
import { encodeCommand, RedisError, ReplyReader, type Push, type Reply } from "./resp";

/** How long a connection attempt may take before it counts as failed. */
const CONNECT_TIMEOUT_MS = 10_000;
/** A subscribe that has not been confirmed after this many failed reconnects is refused. */
const ATTEMPTS_PER_SUBSCRIBE = 3;
/** One read buffer per connection, reused for every read (decision 0046). */
const READ_BUFFER_BYTES = 64 * 1024;

/** Waits, as ioredis's default retry strategy does: 50 ms more per attempt, at most 2 s. */
const reconnectDelayMs = (attempt: number) => Math.min(attempt * 50, 2_000);

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  /** `failures` when the subscribe was asked for. */
  since: number;
}

/** A command sent on the connection whose replies have not all come. */
type Sent =
  /** AUTH and CLIENT SETNAME, sent on connecting; the last one's reply makes it ready. */
  | { kind: "handshake"; last: boolean }
  /** The channels whose confirmation has not come, each with the subscribes it answers. */
  | { kind: "subscribe"; channels: Map<string, Waiter[]> }
  | { kind: "unsubscribe"; remaining: number };

export type MessageListener = (channel: string, message: Buffer) => void;

/**
 * The pub/sub connection of a process (decision 0046): SUBSCRIBE, UNSUBSCRIBE and the
 * messages they bring, read with one reused buffer and handed on as the channel's name and
 * the message's bytes. Every process reads every message of every room it has a member in,
 * so this is the path a second process adds; a client library's general reply handling
 * cost about as much per message as the read itself.
 *
 * Like ioredis's subscriber: it reconnects after a lost connection (50 ms more per attempt,
 * at most 2 s apart), subscribes again to every channel it holds, and refuses a subscribe
 * that has not been confirmed after three failed attempts. Messages published while it was
 * away are lost, as they are for any Redis subscriber.
 */
export class RedisSubscriber {
  private socket: net.Socket | null = null;
  private ready = false;
  private closed = false;
  private failures = 0;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;
  private listener: MessageListener | null = null;
  /** The channels this process holds (confirmed or on their way). */
  private readonly wanted = new Set<string>();
  /** Subscribes to be sent (again) once the connection is ready. */
  private orphans = new Map<string, Waiter[]>();
  private sent: Sent[] = [];
  private readonly reader: ReplyReader;
  private readonly readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  private readonly url: URL;

  constructor(
    url: string,
    private readonly logger: Logger,
    /** Shown by CLIENT LIST (the process's id), so an operator can tell the connections apart. */
    private readonly name?: string,
  ) {
    this.url = new URL(url);
    this.reader = new ReplyReader(
      (push) => this.pushed(push),
      (reply) => this.replied(reply),
    );
  }

  /** Connects; rejects when the first attempt fails (a process does not start without Redis). */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.open({ resolve, reject });
    });
  }

  onMessage(listener: MessageListener | null) {
    this.listener = listener;
  }

  /** Resolves once Redis has confirmed the subscription. */
  subscribe(channel: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error("redis subscriber: closed"));
    this.wanted.add(channel);
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject, since: this.failures };
      if (this.ready) {
        this.send(["SUBSCRIBE", channel], {
          kind: "subscribe",
          channels: new Map([[channel, [waiter]]]),
        });
      } else {
        this.orphans.set(channel, [...(this.orphans.get(channel) ?? []), waiter]);
      }
    });
  }

  /** Stops the channel's messages (not awaited: nothing depends on the confirmation). */
  unsubscribe(channel: string) {
    if (!this.wanted.delete(channel) || !this.ready) return;
    this.send(["UNSUBSCRIBE", channel], { kind: "unsubscribe", remaining: 1 });
  }

  async close() {
    this.closed = true;
    this.listener = null;
    if (this.retry) clearTimeout(this.retry);
    this.refuseAll(new Error("redis subscriber: closed"));
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      socket.once("close", () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 1_000).unref();
    });
  }

  private open(first?: { resolve(): void; reject(error: Error): void }) {
    const host = this.url.hostname.replace(/^\[(.*)\]$/, "$1");
    const port = Number(this.url.port || 6379);
    const onread = {
      buffer: this.readBuffer,
      callback: (length: number, buffer: Buffer) => {
        this.read(socket, buffer, length);
        return true;
      },
    };
    const socket =
      this.url.protocol === "rediss:"
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
        : net.connect({ host, port, onread });
    if (socket instanceof tls.TLSSocket) {
      socket.on("data", (chunk: Buffer) => this.read(socket, chunk, chunk.length));
    }
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    const timeout = setTimeout(() => {
      socket.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    let lastError: Error | null = null;
    // The first connect's promise, until this connection is ready (then a loss reconnects).
    let starting = first;
    const ready = () => {
      const pending = starting;
      starting = undefined;
      // Closed while it connected: it stays closed (the socket is ending).
      if (this.closed) return pending?.reject(new Error("redis subscriber: closed"));
      this.becomeReady(pending);
    };
    socket.once(socket instanceof tls.TLSSocket ? "secureConnect" : "connect", () => {
      clearTimeout(timeout);
      // AUTH and CLIENT SETNAME go out together; the connection is ready at the last reply.
      const user = decodeURIComponent(this.url.username);
      const password = decodeURIComponent(this.url.password);
      const handshake: string[][] = [];
      if (password) handshake.push(user ? ["AUTH", user, password] : ["AUTH", password]);
      if (this.name) handshake.push(["CLIENT", "SETNAME", this.name]);
      if (handshake.length === 0) return ready();
      this.handshakeDone = ready;
      handshake.forEach((args, i) => {
        this.send(args, { kind: "handshake", last: i === handshake.length - 1 });
      });
    });
    socket.on("error", (error) => {
      lastError = error;
    });
    socket.once("close", () => {
      clearTimeout(timeout);
      if (this.socket === socket) this.lost(lastError, starting);
    });
  }

  /** Runs when the handshake sent on connecting is accepted. */
  private handshakeDone: (() => void) | null = null;

  private read(socket: net.Socket, buffer: Buffer, length: number) {
    if (socket !== this.socket) return;
    try {
      this.reader.read(buffer, length);
    } catch (error) {
      this.logger.error("redis subscriber: unreadable reply, reconnecting", error);
      socket.destroy();
    }
  }

  private becomeReady(first?: { resolve(): void }) {
    this.ready = true;
    this.failures = 0;
    this.attempt = 0;
    if (first) first.resolve();
    else this.logger.info("redis subscriber: connected again");
    // Everything held is subscribed again (and what was asked for meanwhile) in one command.
    const channels = new Map<string, Waiter[]>();
    for (const channel of this.wanted) channels.set(channel, this.orphans.get(channel) ?? []);
    // A subscribe given up meanwhile (its channel was unsubscribed) is answered as done.
    for (const [channel, waiters] of this.orphans) {
      if (!this.wanted.has(channel)) for (const waiter of waiters) waiter.resolve();
    }
    this.orphans = new Map();
    if (channels.size > 0)
      this.send(["SUBSCRIBE", ...channels.keys()], { kind: "subscribe", channels });
  }

  private lost(error: Error | null, first?: { reject(error: Error): void }) {
    const wasReady = this.ready;
    this.ready = false;
    this.handshakeDone = null;
    this.reader.reset();
    // Subscribes on their way are sent again on the next connection.
    for (const sent of this.sent) {
      if (sent.kind !== "subscribe") continue;
      for (const [channel, waiters] of sent.channels) {
        this.orphans.set(channel, [...(this.orphans.get(channel) ?? []), ...waiters]);
      }
    }
    this.sent = [];
    const reason = error?.message ?? (this.closed ? "closed" : "connection closed");
    // A first connect that failed (or was closed meanwhile) ends the subscriber.
    if (first || this.closed) {
      this.closed = true;
      this.refuseAll(new Error(`redis subscriber: ${reason}`));
      return first?.reject(new Error(`redis subscriber: ${reason}`));
    }
    if (!wasReady) this.failed();
    const delay = reconnectDelayMs(++this.attempt);
    this.logger.warn(`redis (subscriber): ${reason}; reconnecting in ${delay} ms`);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open();
    }, delay);
  }

  /** A reconnect failed: subscribes that waited through too many are refused. */
  private failed() {
    this.failures++;
    for (const [channel, waiters] of this.orphans) {
      const keep = waiters.filter((waiter) => {
        if (this.failures - waiter.since < ATTEMPTS_PER_SUBSCRIBE) return true;
        waiter.reject(new Error("redis subscriber: Redis could not be reached"));
        return false;
      });
      if (keep.length > 0) this.orphans.set(channel, keep);
      else this.orphans.delete(channel);
    }
  }

  private refuseAll(error: Error) {
    for (const waiters of this.orphans.values()) for (const waiter of waiters) waiter.reject(error);
    this.orphans = new Map();
  }

  private send(args: string[], sent: Sent) {
    this.sent.push(sent);
    this.socket?.write(encodeCommand(args));
  }

  private pushed(push: Push) {
    const listener = this.listener;
    if (!listener) return;
    try {
      listener(push.channel, push.message);
    } catch (error) {
      this.logger.error(`redis subscriber: a message on ${push.channel} failed`, error);
    }
  }

  private replied(reply: Reply) {
    const head = this.sent[0];
    if (reply instanceof RedisError) {
      this.sent.shift();
      return this.refused(head, reply);
    }
    if (head?.kind === "handshake") {
      this.sent.shift();
      if (!head.last) return;
      const done = this.handshakeDone;
      this.handshakeDone = null;
      return done?.();
    }
    if (!Array.isArray(reply)) return;
    const [kind, channel] = reply;
    if (kind === "subscribe" && head?.kind === "subscribe" && typeof channel === "string") {
      const waiters = head.channels.get(channel) ?? [];
      head.channels.delete(channel);
      if (head.channels.size === 0) this.sent.shift();
      for (const waiter of waiters) waiter.resolve();
    } else if (kind === "unsubscribe" && head?.kind === "unsubscribe") {
      if (--head.remaining === 0) this.sent.shift();
    }
  }

  /** An error reply: the command at the head of the line was refused. */
  private refused(head: Sent | undefined, error: RedisError) {
    if (head?.kind === "handshake") {
      // The reason is the connection's: a first connect rejects with it, a reconnect logs it.
      this.handshakeDone = null;
      this.socket?.destroy(new Error(error.message));
      return;
    }
    this.logger.warn(`redis (subscriber): ${error.message}`);
    if (head?.kind !== "subscribe") return;
    for (const [channel, waiters] of head.channels) {
      this.wanted.delete(channel);
      for (const waiter of waiters) waiter.reject(new Error(`redis subscriber: ${error.message}`));
    }
  }
}
