import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect } from "vitest";
import { REALTIME_PATH, type Contract } from "@chatsphere/contract";
import { startServerProcess, stopProcess } from "./processes";
import { openSocket, type TestSocket } from "./realtime-helpers";
import { createPostgresDatabase, testServices } from "./services";

/*
 * Two real server processes sharing one PostgreSQL database and one Redis (as behind a load
 * balancer), for the cross-process test files (`cross-process*.services.test.ts`, run by
 * `npm run test:services`). The production timers the tests wait for are shortened
 * (SHORT_TIMERS), so a test waits milliseconds for them, not seconds.
 */
const { databaseUrl, redisUrl } = testServices();

/** Settings of config.ts at test speed: the dashboard's tallies are written every 100 ms. */
export const SHORT_TIMERS = { ACTIVITY_FLUSH_MS: "100" } as const;

export type Client = ContractRouterClient<Contract>;
export interface Person {
  id: string;
  name: string;
  email: string;
  cookie: string;
  /** An RPC client on each process (the same session). */
  on: Client[];
}
/** A process: its index in `bases` (0 or 1, or a later one's from `startAnother`) or its base URL. */
export type Where = number | string;

export interface TwoProcessesOptions {
  /** Names this file's database, Redis prefix, data directory and e-mails: [a-z0-9]+. */
  name: string;
  publicUrl?: string;
  /** More environment for both processes, over the common one. */
  env?: Record<string, string>;
  /** How many start before the tests (2); `startAnother` starts the next one. */
  started?: 1 | 2;
}

const PASSWORD = "password123";

/**
 * Registers the hooks that start both processes on a fresh database and Redis prefix before
 * the tests of the calling `describe`, and stop them and remove what they left after.
 */
export function useTwoProcesses({
  name,
  publicUrl = "http://localhost:3999",
  env = {},
  started = 2,
}: TwoProcessesOptions) {
  const prefix = `${name}-${randomUUID()}:`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  /** Filled when the processes are up, emptied after the file. */
  const bases: string[] = [];
  const children: ChildProcess[] = [];
  const sockets: TestSocket[] = [];
  let dataDir: string | undefined;
  let common: Record<string, string> = {};

  /**
   * Starts one more process on the same database and Redis prefix, with `env` over the common
   * environment; its index in `bases`.
   */
  async function startAnother(env: Record<string, string> = {}) {
    const next = await startServerProcess({ ...common, ...env });
    children.push(next.child);
    return bases.push(next.base) - 1;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `chatsphere-${name}-`));
    database = await createPostgresDatabase(databaseUrl, `chatsphere_${name}`);
    common = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      NODE_ENV: "test",
      ...SHORT_TIMERS,
      ...env,
    };
    // One after the other: the first start migrates and creates the shared secret.
    for (let i = 0; i < started; i++) await startAnother();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(children.map((child) => stopProcess(child)));
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    sockets.length = 0;
    children.length = 0;
    bases.length = 0;
  }, 60_000);

  const baseOf = (where: Where) => (typeof where === "number" ? (bases[where] ?? "") : where);

  let ip = 0;
  /** A POST as from a browser on the public URL, from an address of its own each time. */
  const post = (where: Where, pathname: string, body: unknown, cookie?: string) =>
    fetch(`${baseOf(where)}${pathname}`, {
      method: "POST",
      headers: {
        ...(cookie ? { cookie } : {}),
        origin: publicUrl,
        "content-type": "application/json",
        "x-forwarded-for": `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      },
      body: JSON.stringify(body),
    });

  const clientOn = (where: Where, cookie: string): Client =>
    createORPCClient(
      new RPCLink({ url: `${baseOf(where)}/rpc`, headers: { cookie, origin: publicUrl } }),
    );

  /** The session cookie (`name=value`) a sign-up or sign-in set. */
  const cookieOf = (response: Response) => {
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("better-auth.session_token=")) ?? cookies[0];
    return (session ?? "").split(";")[0] ?? "";
  };

  /** The person a successful sign-up or sign-in answered with. */
  async function signedIn(response: Response): Promise<Person> {
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as {
      user: { id: string; name?: string; email?: string };
    };
    const cookie = cookieOf(response);
    const on = bases.map((b) => clientOn(b, cookie));
    return { id: user.id, name: user.name ?? "", email: user.email ?? "", cookie, on };
  }

  /** A new registered user, signed up through this process (the first by default). */
  async function signUp(where: Where = 0) {
    const email = `${name}-${randomUUID()}@example.com`;
    const body = { email, password: PASSWORD, name: email.split("@")[0] ?? "" };
    return signedIn(await post(where, "/api/auth/sign-up/email", body));
  }

  const signIn = (where: Where, email: string) =>
    post(where, "/api/auth/sign-in/email", { email, password: PASSWORD });

  const guestOn = async (where: Where) =>
    signedIn(await post(where, "/api/auth/sign-in/anonymous", {}));

  /** The first admin of the fresh database, signed up and signed in through this process. */
  async function signUpAdmin(where: Where = 0) {
    const email = `${name}-admin-${randomUUID()}@example.com`;
    const body = { email, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await post(where, "/rpc/admin/signUp", { json: body })).status).toBe(200);
    return signedIn(await signIn(where, email));
  }

  /** A socket of the person on a process, holding these channels (closed after the file). */
  async function socketOn(where: Where, person: Pick<Person, "cookie">, ...channels: string[]) {
    const url = baseOf(where).replace("http", "ws") + REALTIME_PATH;
    const socket = await openSocket(url, person.cookie, publicUrl);
    sockets.push(socket);
    for (const channel of channels) expect(await socket.sub(channel)).toBe("subscribed");
    return socket;
  }

  return {
    bases,
    children,
    startAnother,
    publicUrl,
    post,
    clientOn,
    cookieOf,
    signedIn,
    signUp,
    signIn,
    guestOn,
    signUpAdmin,
    socketOn,
  };
}
