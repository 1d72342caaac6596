import { Redis } from "ioredis";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import type { TestServices } from "./services";

/*
 * The server-services project's global setup (npm run test:services), once per run before
 * any test file: both services must be named and answer, or nothing runs: a file of this
 * project never skips, and never falls back to PGlite or an in-process stand-in for Redis.
 * Their URLs reach the files through `inject("services")` (services.ts), not the files' own
 * environment. The built server that the cross-process files start (processes.ts) is rebuilt
 * here when older than its sources, before any worker starts one.
 */
function named(variable: "TEST_DATABASE_URL" | "TEST_REDIS_URL") {
  const value = process.env[variable];
  if (!value) {
    throw new Error(
      `${variable} is not set: the server-services project needs PostgreSQL and Redis (npm run test:services sets both)`,
    );
  }
  return value;
}

async function answers(name: string, url: string, ask: () => Promise<unknown>) {
  try {
    await ask();
  } catch (error) {
    throw new Error(
      `${name} does not answer at ${url} (${String(error)}); start it (README "Testing")`,
    );
  }
}

export default async function setup(project: TestProject) {
  const services: TestServices = {
    databaseUrl: named("TEST_DATABASE_URL"),
    redisUrl: named("TEST_REDIS_URL"),
  };
  await answers("PostgreSQL", services.databaseUrl, async () => {
    const client = new pg.Client({
      connectionString: services.databaseUrl,
      connectionTimeoutMillis: 5_000,
    });
    await client.connect();
    try {
      await client.query("select 1");
    } finally {
      await client.end();
    }
  });
  await answers("Redis", services.redisUrl, async () => {
    const redis = new Redis(services.redisUrl, {
      lazyConnect: true,
      connectTimeout: 5_000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // The socket's own error (ECONNREFUSED...) says more than the "Connection is closed" after.
    let failure: unknown;
    redis.on("error", (error: unknown) => (failure ??= error));
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      throw failure ?? error;
    } finally {
      redis.disconnect();
    }
  });
  buildIfStale(["server"]);
  project.provide("services", services);
}
