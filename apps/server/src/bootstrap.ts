import path from "node:path";
import type { PublicConfig } from "@chatsphere/contract";
import { createAuth } from "./auth/auth";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./db/client";
import { runMigrations } from "./db/migrate";
import { getOrCreateSecret } from "./db/secrets";
import { ensureGlobalRooms } from "./features/rooms/global-rooms";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createRateLimiter } from "./rate-limit/rate-limiter";
import type { Services } from "./rpc/context";
import { createLocalDiskStorage } from "./storage/local-disk";

export interface Runtime {
  services: Services;
  database: DatabaseHandle;
  publicConfig: PublicConfig;
  allowedOrigins: string[];
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
    analyticsUrl: config.ANALYTICS_URL ?? null,
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
  const database = openDatabase(options.target ?? databaseTarget(config));
  try {
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
    const allowedOrigins = [new URL(config.publicUrl).origin];
    const auth = createAuth({
      config,
      secret,
      db: database.db,
      mailer,
      logger,
      trustedOrigins: allowedOrigins,
    });
    const services: Services = {
      db: database.db,
      auth,
      rateLimiter: createRateLimiter(database.db),
      logger,
      storage: createLocalDiskStorage(path.resolve(config.DATA_DIR, "files")),
    };
    return {
      services,
      database,
      publicConfig: publicConfigOf(config),
      allowedOrigins,
      close: () => database.close(),
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
