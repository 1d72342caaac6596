import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "../../logger";
import { PEERS_CHANNEL, parseInternal } from "../internal-channels";
import { NODE_TTL_MS } from "../redis/connection";
import type { NodeBeat, RedisNode } from "../redis/node";
import type { RedisSubscriber } from "../redis/subscriber";
import type { Bus, BusHandler } from "./types";

/** How long a starting process waits for the live processes to say they heard it. */
export const JOIN_WAIT_MS = 1_000;

type PeerMessage =
  /** A process starts (or its entry had lapsed): every other one publishes from now on. */
  | { kind: "hello"; from: string }
  /** The answer to a hello: the process that said hello may start. */
  | { kind: "ack"; from: string; to: string }
  /**
   * Sent by a process to itself before it stops publishing: when it comes back, the echoes
   * of everything it published before are already delivered, so nothing is delivered twice
   * or out of order across the switch.
   */
  | { kind: "alone"; from: string; token: string };

export interface RedisBus extends Bus {
  /**
   * Joins the processes (decision 0043): starts the node's heartbeat, then says hello and
   * waits, at most JOIN_WAIT_MS, until each live process its first heartbeat found has
   * answered, so none of them still delivers only to itself once this one takes sockets.
   * Every heartbeat after it tells the bus whether another process is still alive.
   */
  join(node: RedisNode): Promise<void>;
  /** Whether publishes go through Redis (another process is alive) or stay in this process. */
  readonly sharing: boolean;
}

/**
 * Redis pub/sub: a node publishes each frame once; Redis sends it to every node that
 * subscribed the channel, i.e. that has at least one local subscriber. Channel names carry
 * the key prefix, because pub/sub ignores the database number.
 *
 * While no other process is alive, a publish is delivered at once to this process's own
 * subscribers, as the in-process bus does, instead of going to Redis and coming back: the
 * publish, its reply and its echo cost every message two trips through Redis for nobody
 * else (decision 0043). The node keeps its Redis subscriptions, so a process that starts
 * later reaches it; a starting process says hello and waits for the others' answers, and a
 * process that hears a hello publishes through Redis again before it answers.
 */
export function createRedisBus(options: {
  publisher: Redis;
  subscriber: RedisSubscriber;
  prefix: string;
  nodeId: string;
  logger: Logger;
  /** How long a process neither listed nor heard of counts as alive (tests shorten it). */
  forgetAfterMs?: number;
}): RedisBus {
  const { publisher, subscriber, prefix, nodeId, logger } = options;
  const forgetAfterMs = options.forgetAfterMs ?? NODE_TTL_MS;
  const peersChannel = prefix + PEERS_CHANNEL;
  let handler: BusHandler = () => undefined;
  /** Until the first heartbeat says otherwise, publishes go through Redis. */
  let sharing = true;
  const sharingListeners: ((sharing: boolean) => void)[] = [];
  const setSharing = (next: boolean) => {
    if (next === sharing) return;
    sharing = next;
    for (const listener of sharingListeners) listener(next);
  };
  /** The other live processes, with when this process last heard of each. */
  const peers = new Map<string, number>();
  /** The token of the "alone" message on its way back, while this process switches. */
  let switching: string | null = null;
  let awaitedAcks: { from: Set<string>; done: () => void } | null = null;

  const say = (message: PeerMessage) => {
    publisher.publish(peersChannel, JSON.stringify(message)).catch((error: unknown) => {
      logger.warn(`redis: could not reach the other processes: ${String(error)}`);
    });
  };
  const heardOf = (peer: string) => {
    peers.set(peer, Date.now());
    setSharing(true);
    switching = null;
  };
  function onPeerMessage(data: Buffer) {
    const message = parseInternal<PeerMessage>(data);
    if (!message) return;
    if (message.kind === "hello" && message.from !== nodeId) {
      // Publish through Redis from now on, then answer: the hello's process waits for this.
      heardOf(message.from);
      say({ kind: "ack", from: nodeId, to: message.from });
    } else if (message.kind === "ack" && message.to === nodeId) {
      heardOf(message.from);
      awaitedAcks?.from.delete(message.from);
      if (awaitedAcks?.from.size === 0) awaitedAcks.done();
    } else if (message.kind === "alone" && message.from === nodeId) {
      if (message.token === switching && peers.size === 0) setSharing(false);
      if (message.token === switching) switching = null;
    }
  }

  function onBeat({ others, rejoined }: NodeBeat) {
    // The others may have counted this process gone: they publish through Redis again.
    if (rejoined) say({ kind: "hello", from: nodeId });
    const now = Date.now();
    for (const peer of others) peers.set(peer, now);
    // A process is gone when neither the registry nor a hello has shown it for a TTL (a
    // hello can overtake the heartbeat that would list its process).
    for (const [peer, seen] of peers) {
      if (!others.includes(peer) && now - seen >= forgetAfterMs) peers.delete(peer);
    }
    if (peers.size > 0) {
      setSharing(true);
      switching = null;
    } else if (sharing && switching === null) {
      switching = randomUUID();
      say({ kind: "alone", from: nodeId, token: switching });
    }
  }

  subscriber.onMessage((name, message) => {
    if (name === peersChannel) return onPeerMessage(message);
    if (name.startsWith(prefix)) handler(name.slice(prefix.length), message);
  });
  return {
    kind: "redis",
    get sharing() {
      return sharing;
    },
    publish(channel, data) {
      if (!sharing) return handler(channel, data);
      publisher.publish(prefix + channel, data).catch((error: unknown) => {
        logger.warn(`redis: publish to ${channel} failed: ${String(error)}`);
      });
    },
    async subscribe(channel) {
      await subscriber.subscribe(prefix + channel);
    },
    unsubscribe(channel) {
      subscriber.unsubscribe(prefix + channel);
    },
    setHandler(next) {
      handler = next;
    },
    watchSharing(listener) {
      sharingListeners.push(listener);
      listener(sharing);
    },
    async join(node) {
      // Listening before this process is in the registry: whoever sees it there is heard.
      await subscriber.subscribe(peersChannel);
      const first = await node.start();
      // Every heartbeat after the first (which this join reads) updates the other processes.
      node.onBeat(onBeat);
      const others = first?.others ?? null;
      const now = Date.now();
      for (const peer of others ?? []) peers.set(peer, now);
      // Alone at the start (no hello has come either): nothing is in flight to wait for.
      if (others !== null && peers.size === 0) {
        setSharing(false);
        return;
      }
      const waiting = new Promise<void>((resolve) => {
        awaitedAcks = { from: new Set(others), done: resolve };
        if (awaitedAcks.from.size === 0) resolve();
      });
      say({ kind: "hello", from: nodeId });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, JOIN_WAIT_MS)));
      await Promise.race([waiting, late]);
      clearTimeout(timer);
      awaitedAcks = null;
    },
    async close() {
      subscriber.onMessage(null);
    },
  };
}
