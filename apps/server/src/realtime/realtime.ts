import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { CLOSE_CODES, type RealtimeEventName, type RealtimeEvents } from "@chatsphere/contract";
import type { SessionCache } from "../auth/session-cache";
import type { Database } from "../db/client";
import type { ProxyTrust } from "../http/proxy-trust";
import type { OriginPolicy } from "../http/site-origin";
import type { Logger } from "../logger";
import { createMemoryBus } from "./bus/memory";
import { createRedisBus } from "./bus/redis";
import type { Bus } from "./bus/types";
import { SocketCalls, type CallRunner } from "./calls";
import { ChannelIndex } from "./channel-index";
import { encodeEvent, type Connection } from "./connection";
import { FollowingStatus } from "./following-status";
import { FrameRouter } from "./frame-router";
import { Gateway } from "./gateway";
import { CONTROL_CHANNEL } from "./internal-channels";
import { createMemoryOnline } from "./online/memory";
import { createRedisOnline } from "./online/redis";
import type { OnlineRegistry } from "./online/types";
import { PresenceHub } from "./presence/hub";
import { createMemoryPresence } from "./presence/memory";
import { createRedisPresence } from "./presence/redis";
import type { PresenceBackend } from "./presence/types";
import { NODE_HEARTBEAT_MS, type RedisConnection } from "./redis/connection";
import { RedisNode } from "./redis/node";
import { Subscriptions } from "./subscriptions";

/**
 * What features use: publish server events, end subscriptions, ask who is online, say that a
 * user's sessions changed.
 */
export interface RealtimePublisher {
  publish<E extends RealtimeEventName>(channel: string, event: E, payload: RealtimeEvents[E]): void;
  /** Ends these users' subscriptions of a channel on every process. */
  revoke(channel: string, userIds: string[]): void;
  isOnline(userId: string): Promise<boolean>;
  /** Those of `userIds` connected on any process, in one round trip. */
  onlineAmong(userIds: string[]): Promise<string[]>;
  /**
   * These users' sessions changed (signed out, revoked, password or profile changed, account
   * deleted). This process forgets them at once; every process (this one too) then forgets them
   * and closes the users' sockets whose session has ended (4001), instead of keeping them for
   * the session cache's TTL. Many users at once (a batch of deleted accounts) are one message
   * between processes and one pass over each process's session cache.
   */
  sessionsChanged(...userIds: string[]): void;
}

export interface Realtime extends RealtimePublisher {
  readonly bus: Bus;
  /** Listener for the Node server's `upgrade` event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Starts answering `call` frames with this runner (the app router, rpc/socket-calls.ts):
   * set once the services exist, which need this realtime side first (decision 0032).
   */
  serveCalls(runner: CallRunner): void;
  /** Called when a user's first connection on this process opens (they may be online elsewhere). */
  onUserOnline(listener: (userId: string) => void): void;
  /** Called once a user has no connection left on any process. */
  onUserOffline(listener: (userId: string) => void): void;
  /** This process only: whether the user has a connection here (no I/O). */
  hasLocalUser(userId: string): boolean;
  /** This process only: the users with a connection here. */
  localUserIds(): string[];
  /** Users with a connection on any process, each counted once (the dashboard's activeNow). */
  countOnline(): Promise<number>;
  stats(): { connections: number; users: number; channels: number };
  close(): Promise<void>;
}

export interface RealtimeOptions {
  db: Database;
  sessions: SessionCache;
  origins: OriginPolicy;
  /** Which proxies to believe for client addresses (socket caps per address). */
  trust: ProxyTrust;
  logger: Logger;
  /** Several processes: bus, presence and the online registry go through Redis. */
  redis?: RedisConnection;
}

const PRESENCE_DELAYS = { list: 50, count: 500 };

/** Builds the realtime side of one process: bus, presence, subscriptions and the gateway. */
export async function createRealtime(options: RealtimeOptions): Promise<Realtime> {
  const { logger, redis } = options;
  const index = new ChannelIndex();
  const onlineListeners: ((userId: string) => void)[] = [];
  const offlineListeners: ((userId: string) => void)[] = [];
  const node = redis ? new RedisNode(redis, logger) : null;
  const redisBus =
    redis &&
    createRedisBus({
      publisher: redis.command,
      subscriber: redis.subscriber,
      prefix: redis.prefix,
      nodeId: redis.nodeId,
      logger,
    });
  const bus: Bus = redisBus || createMemoryBus();
  const memoryOnline = createMemoryOnline();
  const online: OnlineRegistry =
    redis && node ? createRedisOnline(redis, node, () => index.userIds(), logger) : memoryOnline;

  const presence = new PresenceHub({
    backend: (hub): PresenceBackend =>
      redis && node ? createRedisPresence(redis, node, bus, hub) : createMemoryPresence(hub),
    broadcast: (channel, data) => index.fanout(channel, data),
    logger,
    delays: PRESENCE_DELAYS,
  });
  /** The session a socket connected with, or null once it has ended (or is someone else's). */
  async function sessionOf(connection: Connection) {
    const found = await options.sessions.get(connection.user.sessionCookie);
    return found?.user.id === connection.user.id ? found : null;
  }
  const hasSession = async (connection: Connection) => (await sessionOf(connection)) !== null;
  /** Forgets the users' remembered sessions (in one pass) and re-checks their sockets here. */
  function recheckSessions(userIds: string[]) {
    options.sessions.forgetUser(...userIds);
    for (const userId of userIds) recheckSockets(userId);
  }
  /**
   * Re-checks the user's sockets here: one whose session has ended, or whose user has another
   * role now (its channels were authorized for the old one), is closed; the others take the
   * user's current name and picture (typing frames are stamped with them, presence lists show
   * them).
   */
  function recheckSockets(userId: string) {
    for (const connection of [...index.connectionsOf(userId)]) {
      sessionOf(connection).then(
        (found) => {
          if (!found) return connection.close(CLOSE_CODES.unauthorized, "Session ended");
          if (found.user.role !== connection.user.role) {
            return connection.close(CLOSE_CODES.unauthorized, "Session changed");
          }
          const { name, image } = found.user;
          if (connection.user.name === name && connection.user.image === image) return;
          connection.user.name = name;
          connection.user.image = image;
          presence.rename(connection.channels, userId, { name, image });
        },
        (error: unknown) => logger.error("realtime: session re-check failed", error),
      );
    }
  }
  const following = new FollowingStatus({ db: options.db, online, bus, logger });
  const subscriptions = new Subscriptions({
    db: options.db,
    bus,
    index,
    presence,
    logger,
    hasSession,
    onSubscribed: (connection, channel) => {
      if (channel.kind === "following") following.sendSnapshot(connection);
    },
  });
  const calls = new SocketCalls(logger);
  const router = new FrameRouter({
    bus,
    index,
    subscriptions,
    presence,
    online,
    logger,
    calls,
    onUserOnline: (userId) => {
      following.changed(userId, true);
      onlineListeners.forEach((listener) => listener(userId));
    },
    onUserOffline: (userId) => {
      following.changed(userId, false);
      offlineListeners.forEach((listener) => listener(userId));
    },
    onSessionsChanged: recheckSessions,
  });
  bus.setHandler(router.dispatch);
  await bus.subscribe(CONTROL_CHANNEL);
  if (node && redisBus) {
    // Spread over most of the interval, so one re-read ends before the next beat starts.
    node.onBeat(() => presence.refreshAll(NODE_HEARTBEAT_MS * 0.8));
    // Starts the heartbeat; sockets are taken once every live process has heard of this one.
    await redisBus.join(node);
  }
  const gateway = new Gateway({
    sessions: options.sessions,
    origins: options.origins,
    trust: options.trust,
    socketsOf: (userId) => index.socketCount(userId),
    logger,
    router,
  });

  return {
    bus,
    publish(channel, event, payload) {
      bus.publish(channel, encodeEvent(channel, event, payload));
    },
    revoke: (channel, userIds) => router.revoke(channel, userIds),
    sessionsChanged(...userIds) {
      if (userIds.length === 0) return;
      options.sessions.forgetUser(...userIds);
      router.sessionsChanged(userIds);
    },
    isOnline: (userId) => online.isOnline(userId),
    onlineAmong: (userIds) => online.onlineAmong(userIds),
    handleUpgrade: gateway.handleUpgrade,
    serveCalls: (runner) => calls.serve(runner),
    onUserOnline: (listener) => void onlineListeners.push(listener),
    onUserOffline: (listener) => void offlineListeners.push(listener),
    hasLocalUser: (userId) => index.hasUser(userId),
    localUserIds: () => index.userIds(),
    countOnline: () => online.count(),
    stats: () => index.stats,
    async close() {
      calls.close();
      following.stop();
      await gateway.close();
      presence.close();
      // Before this process leaves the registry: its users who are nowhere else go offline.
      await online.close();
      await node?.stop();
      await bus.close();
    },
  };
}
