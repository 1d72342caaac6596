import { asc, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { userChannel } from "@chatsphere/contract";
import { account, session, user } from "../../src/db/schema";
import { createTestServer, randomIp, type TestServer, type TestUser } from "../harness";
import { openSocket, type TestSocket } from "../realtime-helpers";

/*
 * What the refusal tests of better-auth's endpoints share (admin-endpoints.test.ts,
 * account-endpoints.test.ts): a server with an admin, calls with a fresh address each, and
 * the state each test re-reads to show nothing changed.
 */

let server: TestServer;
let admin: TestUser;
export const sockets: TestSocket[] = [];

/** Starts this test file's server (with an admin, as in production) and stops it after. */
export function useAuthEndpointServer() {
  beforeAll(async () => {
    server = await createTestServer();
    // Nothing below may depend on there being no admin.
    admin = await server.createAdmin();
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });
}

export const testServer = () => server;
/** The server's admin (signed in once). */
export const testAdmin = () => admin;

export const db = () => server.runtime.services.db;

export function call(path: string, options: { cookie?: string; body?: unknown } = {}) {
  const isGet = options.body === undefined;
  return server.request(`/api/auth${path}`, {
    method: isGet ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      // A fresh address per call: the per-address auth limits are not under test here.
      "x-forwarded-for": randomIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: isGet ? undefined : JSON.stringify(options.body),
  });
}

/** Everything an auth endpoint could change about one user. */
export async function stateOf(userId: string) {
  const [row] = await db().select().from(user).where(eq(user.id, userId));
  const sessions = await db()
    .select()
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.id));
  const accounts = await db()
    .select()
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(asc(account.id));
  return { row, sessions, accounts };
}

/** What no refused call may change anywhere: how many users, impersonations and passwords. */
export async function globalState() {
  const [users] = await db().select({ n: count() }).from(user);
  const [impersonations] = await db()
    .select({ n: count() })
    .from(session)
    .where(isNotNull(session.impersonatedBy));
  const passwords = await db()
    .select({ id: account.id, password: account.password })
    .from(account)
    .orderBy(asc(account.id));
  return { users: users?.n, impersonations: impersonations?.n, passwords };
}

/** A signed-in user with a tab open: a socket on their own channel. */
export async function withSocket(person: TestUser) {
  const socket = await openSocket(server.wsUrl, person.cookie);
  sockets.push(socket);
  expect(await socket.sub(userChannel(person.id))).toBe("subscribed");
  return socket;
}

/** The session behind the cookie still works for better-auth, which reads the database. */
export async function expectSessionWorks(person: TestUser) {
  const response = await call("/get-session", { cookie: person.cookie });
  const body = (await response.json()) as { user: { id: string } } | null;
  expect(body?.user.id).toBe(person.id);
}

/** The status, and better-auth's error code (the admin plugin's 401s have no body). */
export async function expectRefused(response: Response, status: number, code: string | null) {
  expect(response.status).toBe(status);
  if (code === null) return;
  const body = (await response.json()) as { code?: string };
  expect(body.code).toBe(code);
}

/** Moves every session of the user a day and a minute into the past: no longer "fresh". */
export async function ageSessions(userId: string) {
  const dayAgo = new Date(Date.now() - (24 * 60 + 1) * 60 * 1000);
  await db().update(session).set({ createdAt: dayAgo }).where(eq(session.userId, userId));
}

export const callers = [
  { who: "a user", status: 403, signIn: () => server.signUp() },
  { who: "a guest", status: 403, signIn: () => server.signInAsGuest() },
  { who: "a visitor without a session", status: 401, signIn: () => Promise.resolve(null) },
] as const;
export const signedInCallers = callers.filter((caller) => caller.status === 403);
