import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the real built app (`npm run build` first), started on its own
 * port with a fresh data directory and no PUBLIC_URL, as a newcomer starts it, in the system
 * Chromium (Playwright cannot download one here). The suite opens it at 127.0.0.1, not
 * `localhost`: the product must work at whatever address it is opened on (decision 0014).
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const port = e2ePort;
export const e2eDataDir = path.join(os.tmpdir(), `chatsphere-e2e-${port}`);
export const e2eBaseURL = `http://127.0.0.1:${port}`;
const baseURL = e2eBaseURL;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  // A `test.only` left in a spec would silently skip the rest of the suite on CI.
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  // The longest tests play several people in turn (an admin, a visitor, a reader) and take
  // ~25-40 s alone; CI machines of this kind have run the suite twice to four times as slowly
  // (the e2e layer in 15 min on one, 30 min on another: with both workers' browsers and the
  // server on 2 cores, a load average of ~11), where two such tests ran past 90 s with every
  // step passing. Single steps took 12-13 s there (a navigation to /, a click until the next
  // page), so an expectation gets 20 s. Each step still fails after `expect.timeout`, so a
  // real hang is caught early; the test's budget only bounds the sum of slow steps.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // The JSON report lets CI list the slowest tests.
  reporter: [
    ["list"],
    [
      "json",
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "playwright-report/results.json" },
    ],
  ],
  // A migrated, empty data directory made once, copied by each isolated server (e2e/fixtures.ts).
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL,
    // Recording every test costs CI time; CI reruns its failures with `--last-failed --trace on`.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Signs the shared e2e admin in once and saves the session (e2e/admin.setup.ts). As a
    // dependency it runs again on every run, `--last-failed` included.
    { name: "setup", testMatch: /.*\.setup\.ts/ },
    {
      name: "chromium",
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    command: `node e2e/start-server.mjs`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      // Empty counts as unset: a PUBLIC_URL in the developer's shell must not leak in.
      PUBLIC_URL: "",
      // Every browser context says who it is through X-Forwarded-For (see e2e/fixtures.ts),
      // as real visitors behind a proxy would, so per-address rate limits apply per context.
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
    },
  },
});
