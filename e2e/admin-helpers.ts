import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import { nameFromEmail, USERS_TEXT } from "@chatsphere/contract";
import { E2E_ADMIN, ensureAdmin, expect, nextClientIp, PASSWORD } from "./fixtures";

/* Steps of the Manage Users and dashboard specs (admin-users.spec.ts, admin-dashboard.spec.ts). */

let counter = 0;
/**
 * A lowercase prefix no other test or worker uses: accounts are named after it, and the name
 * filter, a case-insensitive substring search, then finds exactly this test's accounts.
 */
export const uniquePrefix = (tag: string) =>
  `${tag}${Date.now().toString(36)}${process.pid % 1000}x${++counter}`;

const headers = (baseURL: string, cookie?: string) => ({
  "content-type": "application/json",
  origin: baseURL,
  "x-forwarded-for": nextClientIp(),
  ...(cookie ? { cookie } : {}),
});

const sessionCookie = (response: Response) => {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error(`no session cookie (${response.status})`);
  return cookie;
};

export interface Account {
  email: string;
  name: string;
  cookie: string;
}

/** A registered account made through the auth API (as the sign-up form does), named after its e-mail. */
export async function createAccount(baseURL: string, email: string): Promise<Account> {
  const name = nameFromEmail(email);
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: headers(baseURL),
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });
  if (!response.ok)
    throw new Error(`sign-up ${email}: ${response.status} ${await response.text()}`);
  return { email, name, cookie: sessionCookie(response) };
}

/** `count` accounts named `{prefix}-u1`, `{prefix}-u2`... */
export const createAccounts = (baseURL: string, prefix: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      createAccount(baseURL, `${prefix}-u${i + 1}@example.com`),
    ),
  );

/** A guest (anonymous session) made as the Guest Login button makes one; no socket stays open. */
export async function createGuest(baseURL: string): Promise<void> {
  const response = await fetch(`${baseURL}/api/auth/sign-in/anonymous`, {
    method: "POST",
    headers: headers(baseURL),
    body: "{}",
  });
  if (!response.ok) throw new Error(`guest sign-in: ${response.status} ${await response.text()}`);
}

/** Calls an RPC procedure as the owner of `cookie` (setup the UI is not under test in). */
export async function rpcAs<T>(baseURL: string, cookie: string, path: string, json: unknown) {
  const response = await fetch(`${baseURL}/rpc/${path}`, {
    method: "POST",
    headers: headers(baseURL, cookie),
    body: JSON.stringify({ json }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { json: T }).json;
}

/** Logs in as the e2e admin of the server at `baseURL` (the shared one or an isolated one). */
export async function logInAdminAt(page: Page, baseURL: string) {
  await ensureAdmin(baseURL);
  await page.goto(`${baseURL}/admin/log-in`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard\/blogs$/);
}

/** The users table and its body rows. */
export const usersTable = (page: Page) => page.getByRole("table", { name: USERS_TEXT.heading });
export const userRows = (page: Page) => usersTable(page).locator("tbody").getByRole("row");

/** Opens a user's row menu and picks an item. */
export async function pickRowAction(page: Page, name: string, item: string) {
  await page.getByRole("button", { name: USERS_TEXT.rowActions(name) }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** Clicks what starts a download and returns the file's name and text (byte-order mark dropped). */
export async function downloadOf(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), start()]);
  return { fileName: download.suggestedFilename(), text: await textOf(download) };
}

async function textOf(download: Download) {
  const file = await download.path();
  return readFileSync(file, "utf8").replace(/^\uFEFF/, "");
}

/** The search parameters of the page's URL, as an object. */
export const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

export { expect };
