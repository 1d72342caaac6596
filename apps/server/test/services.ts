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
