import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
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
  /**
   * When true, the test's own context starts signed in as the shared e2e admin, with the
   * session e2e/admin.setup.ts saved. Contexts the test opens itself are not signed in.
   */
  asAdmin: boolean;
}

export const test = base.extend<Fixtures>({
  ageAccepted: [true, { option: true }],
  welcomeAccepted: [true, { option: true }],
  asAdmin: [false, { option: true }],
  context: async ({ context, ageAccepted, welcomeAccepted, asAdmin }, use) => {
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
    if (asAdmin) await context.addCookies(adminCookies());
    await use(context);
  },
});

export { expect };

let emailCounter = 0;
export const uniqueEmail = (prefix = "e2e") =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++emailCounter}@example.com`;

export const PASSWORD = "password123";

/**
 * Signs up through the real form and waits for the chat page: for the tests of the forms
 * themselves. Other tests sign up through the API (e2e/sessions.ts).
 */
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

/**
 * The admin of the shared end-to-end server, made by the setup project (e2e/admin.setup.ts);
 * isolated servers get one the same way when their test needs it.
 */
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

/** Where e2e/admin.setup.ts keeps the shared admin's signed-in state (gitignored). */
export const ADMIN_STATE = path.join(import.meta.dirname, ".artifacts", "admin-state.json");

/**
 * The shared admin's session cookies as the setup project saved them. No test signs this
 * session out or changes the admin's password: every test that acts as the admin shares it.
 */
export function adminCookies(): Parameters<BrowserContext["addCookies"]>[0] {
  return (JSON.parse(readFileSync(ADMIN_STATE, "utf8")) as StorageState).cookies;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Logs in as the shared e2e admin through the admin log-in page (the page's own test). */
export async function logInAsAdmin(page: Page, baseURL: string) {
  await ensureAdmin(baseURL);
  await page.goto("/admin/log-in");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard\/blogs$/);
}
