import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

export interface TestServices {
  /** A PostgreSQL role that may create databases; each file creates (and drops) its own. */
  databaseUrl: string;
  redisUrl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Given only in the server-services project, once setup-services.ts reached both. */
    services?: TestServices;
  }
}

/** The run's PostgreSQL and Redis in the services pass (npm run test:services), else null. */
export const servicesOfThisRun = (): TestServices | null => inject("services") ?? null;

/**
 * The PostgreSQL and Redis of a `*.services.test.ts` file. A file that asks for them outside
 * the services pass fails here instead of passing without them.
 */
export function testServices(): TestServices {
  const services = servicesOfThisRun();
  if (!services) {
    throw new Error(
      "this file needs PostgreSQL and Redis: it runs in the server-services project (npm run test:services)",
    );
  }
  return services;
}

async function onPostgres(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the run's PostgreSQL, named `{prefix}_{time}_{random}`: its name, its URL,
 * and `drop` to remove it (with whatever is still connected to it).
 */
export async function createPostgresDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`;
  await onPostgres(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onPostgres(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
