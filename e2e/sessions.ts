import type { Page } from "@playwright/test";
import { nameFromEmail } from "@chatsphere/contract";
import { e2eBaseURL } from "../playwright.config";
import { adminCookies, nextClientIp, PASSWORD, uniqueEmail } from "./fixtures";

/*
 * Sessions and set-up through the HTTP API rather than the forms: a signed-in user is a
 * cookie, not a trip through a form (the forms' own tests type into them: accounts,
 * validation, guards). The calls go out as the sign-up, log-in and Guest Login forms send
 * them; better-auth checks the Origin and limits each client address, so every call names
 * the site and comes from its context's (or a fresh) address.
 */

/* In a browser context: its request context shares the context's cookies and X-Forwarded-For. */

async function postAuth(page: Page, pathname: string, data: unknown, baseURL: string) {
  const response = await page.context().request.post(`${baseURL}/api/auth${pathname}`, {
    data,
    headers: { origin: baseURL },
  });
  if (!response.ok()) {
    throw new Error(`${pathname}: ${response.status()} ${await response.text()}`);
  }
}

/**
 * Signs a new account up, named after its e-mail as the sign-up form names it; the page's
 * context holds the session. Returns the e-mail. No page is opened.
 */
export async function signUpViaApi(page: Page, email = uniqueEmail(), baseURL = e2eBaseURL) {
  await postAuth(
    page,
    "/sign-up/email",
    { email, password: PASSWORD, name: nameFromEmail(email) },
    baseURL,
  );
  return email;
}

/** Signs an existing account in; the page's context holds the session. */
export async function logInViaApi(
  page: Page,
  email: string,
  password = PASSWORD,
  baseURL = e2eBaseURL,
) {
  await postAuth(page, "/sign-in/email", { email, password }, baseURL);
}

/** A guest session, as the Guest Login button starts one (the server picks the guest's name). */
export async function guestViaApi(page: Page, baseURL = e2eBaseURL) {
  await postAuth(page, "/sign-in/anonymous", {}, baseURL);
}

/** Calls an RPC procedure with the page's session (set-up the UI is not under test in). */
export async function callRpc<T>(page: Page, path: string, json: unknown, baseURL = e2eBaseURL) {
  const response = await page.context().request.post(`${baseURL}/rpc/${path}`, {
    data: { json },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { json: T }).json;
}

/* From Node, without a browser: a session is a cookie string, each call from a fresh address. */

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

/** The shared e2e admin's session (e2e/admin.setup.ts) as a Cookie header. */
export const adminCookie = () =>
  adminCookies()
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");

/** Calls an RPC procedure of the shared e2e server as its admin. */
export const adminRpc = <T>(path: string, json: unknown) =>
  rpcAs<T>(e2eBaseURL, adminCookie(), path, json);
