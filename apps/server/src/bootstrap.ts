import path from "node:path";
import type { PublicConfig } from "@chatsphere/contract";
import { createAuth } from "./auth/auth";
import { createSessionCache } from "./auth/session-cache";
import { createSessionLookup } from "./auth/session-lookup";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./db/client";
import { runMigrations } from "./db/migrate";
import { preparePgliteDataDir } from "./db/pglite-data-dir";
import { getOrCreateSecret } from "./db/secrets";
import {
  ActivityRecorder,
  databaseActivityStore,
} from "./features/admin-dashboard/activity-recorder";
import { removeOwnAccount as removeOwnAccountOf } from "./features/admin-users/service";
import { createMessageWriter } from "./features/messages/message-writer";
import { ensureGlobalRooms } from "./features/rooms/global-rooms";
import { createOriginPolicy, type OriginPolicy } from "./http/site-origin";
import { createStrangerGuard } from "./features/stranger/guard";
import { closeAllStrangerRooms } from "./features/stranger/queries";
import { strangerRoomStore } from "./features/stranger/room-store";
import { createMemoryQueue } from "./features/stranger/queue/memory";
import { createRedisQueue } from "./features/stranger/queue/redis";
import { StrangerService } from "./features/stranger/service";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createRateLimiter, type RateLimiter } from "./rate-limit/rate-limiter";
import { createRealtime, type Realtime } from "./realtime/realtime";
import { connectRedis, type RedisConnection } from "./realtime/redis/connection";
import type { Services } from "./rpc/context";
import { createSocketCallRunner } from "./rpc/socket-calls";
import { createLocalDiskStorage } from "./storage/local-disk";
import type { S3Storage } from "./storage/s3";

export interface Runtime {
  services: Services;
  database: DatabaseHandle;
  /** The `/ws` gateway and the bus; main.ts attaches it to the HTTP server's upgrades. */
  realtime: Realtime;
  publicConfig: PublicConfig;
  /** Same-origin rules for HTTP calls and WebSocket upgrades (decision 0014). */
  origins: OriginPolicy;
  close(): Promise<void>;
}

export function databaseTarget(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">): DatabaseTarget {
  if (config.DATABASE_URL) return { kind: "postgres", url: config.DATABASE_URL };
  return { kind: "pglite", dataDir: path.resolve(config.DATA_DIR, "db") };
}

export function publicConfigOf(config: Config): PublicConfig {
  return {
    providers: {
      google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
      facebook: Boolean(config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET),
    },
    ads:
      config.ADS_CLIENT && config.ADS_SLOT
        ? { client: config.ADS_CLIENT, slot: config.ADS_SLOT }
        : null,
    analyticsUrl: config.ANALYTICS_URL ? `${new URL(config.ANALYTICS_URL).origin}/` : null,
    analyticsScriptUrl: config.ANALYTICS_URL ?? null,
    publicUrl: config.publicUrl,
  };
}

/**
 * Wires the stateful parts together in order: database (migrated), first-start data, then
 * the services built on them. Tests call it with an in-memory database and a mail spy.
 */
export async function bootstrap(
  config: Config,
  options: { logger: Logger; target?: DatabaseTarget; mailer?: Mailer },
): Promise<Runtime> {
  const { logger } = options;
  const target = options.target ?? databaseTarget(config);
  // A first start has a child process create the embedded database (decision 0031).
  if (target.kind === "pglite" && target.dataDir && !target.snapshot) {
    await preparePgliteDataDir(target.dataDir, { logger });
  }
  const database = openDatabase(target);
  let redis: RedisConnection | undefined;
  let realtime: Realtime | undefined;
  let s3: S3Storage | undefined;
  try {
    // The bucket is checked first, so a wrong S3_* value stops the start before anything else.
    // Loaded only when configured: the AWS SDK is ~5 MB of heap the embedded default never uses.
    s3 = config.s3 ? await (await import("./storage/s3")).createS3Storage(config.s3) : undefined;
    if (s3 && !s3.conditionalWrites) {
      logger.warn("S3: the server ignores conditional writes; keys are checked before writing");
    }
    await runMigrations(database);
    await ensureGlobalRooms(database.db);
    const secret = config.AUTH_SECRET ?? (await getOrCreateSecret(database.db, "auth"));
    const mailer =
      options.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.resolve(config.DATA_DIR, "outbox"),
        logger,
      });
    const origins = createOriginPolicy({
      publicUrl: config.publicUrl,
      allowedOrigins: config.ALLOWED_ORIGINS,
      trust: config.TRUST_PROXY,
    });
    const storage = s3 ?? createLocalDiskStorage(path.resolve(config.DATA_DIR, "files"));
    redis = config.REDIS_URL
      ? await connectRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, logger })
      : undefined;
    const rateLimiter = createRateLimiter({ redis, scale: config.RATE_LIMIT_SCALE, logger });
    // better-auth reports ended sessions from its hooks; the realtime side exists only later.
    let notifySessions = (_userId: string) => {};
    let removeOwnAccount = async (_userId: string): Promise<void> => {
      throw new Error("an account was deleted before the server had started");
    };
    const auth = createAuth({
      config,
      secret,
      db: database.db,
      mailer,
      logger,
      storage,
      rateLimiter,
      onSessionsChanged: (userId) => notifySessions(userId),
      removeOwnAccount: (userId) => removeOwnAccount(userId),
    });
    const sessions = createSessionCache(await createSessionLookup(auth, database.db));
    const rt = await createRealtime({
      db: database.db,
      sessions,
      origins,
      trust: config.TRUST_PROXY,
      logger,
      redis,
    });
    realtime = rt;
    // A process alone keeps its rate-limit counts itself; sharing, in Redis (decision 0045).
    rt.bus.watchSharing((sharing) => rateLimiter.setSharing(sharing));
    notifySessions = (userId) => rt.sessionsChanged(userId);
    removeOwnAccount = (userId) =>
      removeOwnAccountOf({ db: database.db, realtime: rt, storage, logger }, userId);
    const stranger = createStranger(database.db, rt, redis, logger, rateLimiter);
    if (!redis) await closeAllStrangerRooms(database.db);
    // Last: nothing after it can fail, so its timer never outlives a failed start.
    const activity = createActivity(database.db, rt, logger, config.ACTIVITY_FLUSH_MS);
    const services: Services = {
      db: database.db,
      auth,
      sessions,
      rateLimiter,
      logger,
      realtime: rt,
      stranger,
      storage,
      activity,
      messageWriter: createMessageWriter(database.db),
    };
    // message.send may also arrive over the open socket (decision 0032).
    rt.serveCalls(createSocketCallRunner(services));
    const connection = redis;
    const bucket = s3;
    return {
      services,
      database,
      realtime: rt,
      publicConfig: publicConfigOf(config),
      origins,
      async close() {
        stranger.close();
        sessions.close();
        rateLimiter.close();
        await rt.close();
        // After the sockets, before the database: the last tallies are written.
        await activity.close();
        await connection?.close();
        await bucket?.close();
        await database.close();
      },
    };
  } catch (error) {
    await realtime?.close().catch(() => undefined);
    await redis?.close().catch(() => undefined);
    await s3?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** Daily activity for the dashboard: users who connect (and senders, in message.send). */
function createActivity(
  db: DatabaseHandle["db"],
  realtime: Realtime,
  logger: Logger,
  flushMs: number,
) {
  const activity = new ActivityRecorder({
    store: databaseActivityStore(db),
    logger,
    countOnline: () => realtime.countOnline(),
    connectedUsers: () => realtime.localUserIds(),
    flushMs,
  });
  realtime.onUserOnline((userId) => activity.userActive(userId));
  activity.start();
  return activity;
}

/**
 * Matching state lives where the bus does: in this process, or in Redis for many. A user
 * whose last connection closes leaves the queue, or ends their chat.
 */
function createStranger(
  db: DatabaseHandle["db"],
  realtime: Realtime,
  redis: RedisConnection | undefined,
  logger: Logger,
  rateLimiter: RateLimiter,
) {
  const queue = redis
    ? createRedisQueue(redis)
    : createMemoryQueue({ isOnline: (userId) => realtime.hasLocalUser(userId) });
  const guard = createStrangerGuard({ db, rateLimiter });
  const stranger = new StrangerService({
    rooms: strangerRoomStore(db),
    queue,
    realtime,
    logger,
    guard,
  });
  realtime.onUserOffline((userId) => {
    stranger.handleOffline(userId).catch((error: unknown) => {
      logger.error("stranger: could not handle a disconnect", error);
    });
  });
  return stranger;
}
