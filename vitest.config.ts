import { defineConfig } from "vitest/config";

/**
 * Unit and procedure tests. Procedure tests run against in-memory PGlite by default; set
 * TEST_DATABASE_URL (npm run test:pg) to run the same files against a real PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contract",
          include: ["packages/contract/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
        },
      },
    ],
  },
});
