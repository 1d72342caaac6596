import { defineConfig } from "vitest/config";

/** Where .ci/run wants a JSON report as well, for its table of the slowest files. */
const jsonReport = process.env.VITEST_JSON_OUTPUT;

/**
 * Unit, procedure and component tests (`npm run test:unit`). Procedure tests run on in-memory
 * PGlite; `npm run test:services` names PostgreSQL and Redis (TEST_DATABASE_URL and
 * TEST_REDIS_URL), which adds the server-services project below and runs only it.
 */
export default defineConfig({
  test: {
    reporters: jsonReport ? ["default", "json"] : ["default"],
    ...(jsonReport ? { outputFile: { json: jsonReport } } : {}),
    projects: [
      {
        test: {
          name: "contract",
          include: ["packages/contract/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // Unit tests beside the code, and the procedure tests (apps/server/test) on PGlite. A
        // `*.services.test.ts` file needs PostgreSQL or Redis: it runs in server-services only.
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          exclude: ["**/*.services.test.ts"],
          // The migrated PGlite snapshot and the built server, once per run.
          globalSetup: ["apps/server/test/setup-server.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker per core: these files wait on sockets, timers and processes as much as they
          // compute, and Vitest's default (a core fewer) is one worker on two cores (4m44s for
          // this project there, 3m17s with two). Its own group, as its worker count differs.
          maxWorkers: "100%",
          sequence: { groupOrder: 1 },
        },
      },
      // `npm run test:services` (scripts/test-services.mjs): defined only when a service is
      // named, so a plain `vitest run` never needs PostgreSQL or Redis. Its global setup stops
      // the run if either is missing or does not answer: none of its files skips.
      ...(process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL
        ? [
            {
              test: {
                name: "server-services",
                // The files that need PostgreSQL or Redis, and the procedure tests again: their
                // harness servers run on PostgreSQL here. Not the two files of apps/server/test
                // that never open the harness's database.
                include: [
                  "apps/server/{src,test}/**/*.services.test.ts",
                  "apps/server/test/**/*.test.ts",
                ],
                exclude: [
                  "apps/server/test/server-node-flags.test.ts",
                  "apps/server/test/durability.test.ts",
                ],
                globalSetup: ["apps/server/test/setup-services.ts"],
                environment: "node",
                testTimeout: 30_000,
                hookTimeout: 60_000,
                maxWorkers: "100%",
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
      {
        test: {
          name: "bench",
          include: ["bench/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: {
          alias: { "@": new URL("./apps/web/src", import.meta.url).pathname },
        },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // Component tests: a UI state of one screen (a disabled button, a validation text, an
        // empty list, a mutation's error toast) rendered in happy-dom with Testing Library.
        resolve: {
          alias: { "@": new URL("./apps/web/src", import.meta.url).pathname },
        },
        test: {
          name: "web-ui",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "happy-dom",
          // jest-dom matchers, cleanup, and the fake server installed as `fetch` (src/test/).
          setupFiles: ["apps/web/src/test/setup.ts"],
          // A test types and clicks through a screen: seconds on a loaded machine, not 5.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
