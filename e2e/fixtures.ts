import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "@chatsphere/contract";
import { e2eDataDir } from "../playwright.config";

let ipCounter = 0;
/** A distinct client address per browser context (the server trusts X-Forwarded-For here). */
export const nextClientIp = () =>
  `10.${process.pid % 250}.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

interface Fixtures {
  /** When false, the age dialog is left for the test to answer. */
  ageAccepted: boolean;
  /** When false, the chat page's one-time welcome dialog shows (as for a first visit). */
  welcomeAccepted: boolean;
}

export const test = base.extend<Fixtures>({
  ageAccepted: [true, { option: true }],
  welcomeAccepted: [true, { option: true }],
  context: async ({ context, ageAccepted, welcomeAccepted }, use) => {
    await context.setExtraHTTPHeaders({ "x-forwarded-for": nextClientIp() });
    const accepted = [
      ...(ageAccepted ? [STORAGE_KEYS.ageAccepted] : []),
      ...(welcomeAccepted ? [STORAGE_KEYS.welcomeAccepted] : []),
    ];
    if (accepted.length > 0) {
      await context.addInitScript((keys) => {
        for (const key of keys) window.localStorage.setItem(key, "true");
      }, accepted);
    }
    await use(context);
  },
});

export { expect };

let emailCounter = 0;
export const uniqueEmail = (prefix = "e2e") =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++emailCounter}@example.com`;

export const PASSWORD = "password123";

/** Signs up through the real form and waits for the chat page. */
export async function signUp(page: Page, email = uniqueEmail(), password = PASSWORD) {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL(/\/chat/);
  return email;
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/log-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL(/\/chat/);
}

/** The newest mail the server wrote to its outbox for this address. */
export async function readMail(to: string): Promise<string> {
  const outbox = path.join(e2eDataDir, "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const safe = to.replace(/[^a-zA-Z0-9@._-]/g, "_");
    const files = (() => {
      try {
        return readdirSync(outbox)
          .filter((f) => f.endsWith(`-${safe}.eml`))
          .sort();
      } catch {
        return [];
      }
    })();
    const last = files.at(-1);
    if (last) return readFileSync(path.join(outbox, last), "utf8");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${to} in ${outbox}`);
}

/** The first http(s) link of a mail's plain-text part (quoted-printable undone). */
export function firstLink(mail: string): string {
  const text = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = /https?:\/\/[^\s"<>]+/.exec(text)?.[0];
  if (!link) throw new Error("no link in mail");
  return link;
}

/** A port for an isolated server of this worker, next to the shared one (E2E_PORT). */
export const isolatedPort = (workerIndex: number) =>
  Number(process.env.E2E_PORT ?? 3100) + 50 + workerIndex;

/**
 * A second server on a fresh, empty data directory, for tests that need a first start
 * (the admin bootstrap rule). Stop it with the returned function.
 */
export async function startIsolatedServer(port: number) {
  const { spawn } = await import("node:child_process");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const os = await import("node:os");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chatsphere-e2e-fresh-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: "",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
    },
    stdio: "inherit",
  });
  // A first start creates the database: seconds here, and far more on a busy CI machine.
  const deadline = Date.now() + 60_000;
  for (let up = false; !up;) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the isolated server on port ${port} did not start within 60 s`);
    }
    up = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The admin of the shared end-to-end server, created on first use by whichever test needs it. */
export const E2E_ADMIN = { email: "e2e-admin@example.com", password: "admin-password-1" };

export async function ensureAdmin(baseURL: string) {
  const response = await fetch(`${baseURL}/rpc/admin/signUp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseURL,
      "x-forwarded-for": nextClientIp(),
    },
    body: JSON.stringify({
      json: {
        email: E2E_ADMIN.email,
        password: E2E_ADMIN.password,
        confirmPassword: E2E_ADMIN.password,
      },
    }),
  });
  // 403: an admin exists already (ours, made by another worker); 409: ours exists.
  if (!response.ok && response.status !== 403 && response.status !== 409) {
    throw new Error(`could not create the e2e admin: ${response.status} ${await response.text()}`);
  }
}

/** Logs in as the shared e2e admin through the admin log-in page. */
export async function logInAsAdmin(page: Page, baseURL: string) {
  await ensureAdmin(baseURL);
  await page.goto("/admin/log-in");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard\/blogs$/);
}
