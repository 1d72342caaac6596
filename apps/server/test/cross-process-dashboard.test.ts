import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_PATH, type Contract } from "@chatsphere/contract";
import { startServerProcess, stopProcess } from "./processes";
import { openSocket, sleep, type TestSocket } from "./realtime-helpers";

/*
 * The dashboard across two real server processes sharing PostgreSQL and Redis (as behind a
 * load balancer): activeNow counts the users connected to either process once each, and the
 * daily activity that both processes record counts a user active on both once, every message
 * once. The processes write their tallies on their own timer (ACTIVITY_FLUSH_MS, 5 s), so the
 * checks wait for it. Runs only when both are given: `npm run test:services` sets them.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** A little more than one flush interval of the processes. */
const FLUSH_WAIT_MS = 6_500;

interface Person {
  id: string;
  cookie: string;
  /** An RPC client on each process (the same session). */
  on: ContractRouterClient<Contract>[];
}

describe.skipIf(!databaseUrl || !redisUrl)("the dashboard across processes", () => {
  const publicUrl = "http://localhost:3999";
  const prefix = `xproc-dash-${randomUUID()}:`;
  const dbName = `chatsphere_xdash_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-xdash-"));
  const children: ChildProcess[] = [];
  const sockets: TestSocket[] = [];
  let bases: string[] = [];
  let admin: Person;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create database "${dbName}"`);
    await client.end();
    const url = new URL(databaseUrl ?? "");
    url.pathname = `/${dbName}`;
    const common = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl ?? "",
      REDIS_PREFIX: prefix,
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      NODE_ENV: "test",
    };
    // One after the other: the first start migrates and creates the shared secret.
    for (let i = 0; i < 2; i++) {
      const started = await startServerProcess(common);
      children.push(started.child);
      bases.push(started.base);
    }
    admin = await createAdmin();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(children.map((child) => stopProcess(child)));
    const redis = new Redis(redisUrl ?? "");
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop database if exists "${dbName}" with (force)`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
    bases = [];
  }, 60_000);

  const base = (which: 0 | 1) => bases[which] ?? "";

  let ip = 0;
  const post = (pathname: string, body: unknown) =>
    fetch(`${base(0)}${pathname}`, {
      method: "POST",
      headers: {
        origin: publicUrl,
        "content-type": "application/json",
        "x-forwarded-for": `10.79.0.${++ip}`,
      },
      body: JSON.stringify(body),
    });

  async function personFrom(response: Response): Promise<Person> {
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string } };
    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("better-auth.session_token="));
    const cookie = (session ?? "").split(";")[0] ?? "";
    const on = bases.map((b): ContractRouterClient<Contract> =>
      createORPCClient(new RPCLink({ url: `${b}/rpc`, headers: { cookie, origin: publicUrl } })),
    );
    return { id: body.user.id, cookie, on };
  }

  async function signUp() {
    const email = `xdash-${randomUUID()}@example.com`;
    const name = email.split("@")[0] ?? "";
    return personFrom(
      await post("/api/auth/sign-up/email", { email, password: "password123", name }),
    );
  }

  async function createAdmin() {
    const credentials = {
      email: `xdash-admin-${randomUUID()}@example.com`,
      password: "password123",
    };
    await post("/rpc/admin/signUp", { json: { ...credentials, confirmPassword: "password123" } });
    return personFrom(await post("/api/auth/sign-in/email", credentials));
  }

  async function connect(person: Person, which: 0 | 1) {
    const socket = await openSocket(
      base(which).replace("http", "ws") + REALTIME_PATH,
      person.cookie,
      publicUrl,
    );
    sockets.push(socket);
    return socket;
  }

  const activeNowOn = (which: 0 | 1) => async () =>
    (await admin.on[which]?.admin.getDashboardMetrics())?.activeNow;

  async function todayOn(which: 0 | 1) {
    const trends = await admin.on[which]?.admin.getEngagementTrends();
    const last = (series?: { count: number }[]) => series?.[series.length - 1]?.count;
    return { activeUsers: last(trends?.activeUsersPerDay), messages: last(trends?.messagesPerDay) };
  }

  it("counts as active now the users connected to either process, each once", async () => {
    const ann = await signUp();
    const bob = await signUp();
    await connect(ann, 0);
    await connect(ann, 1);
    const bobSocket = await connect(bob, 1);
    await expect.poll(activeNowOn(0)).toBe(2);
    await expect.poll(activeNowOn(1)).toBe(2);

    await bobSocket.close();
    await expect.poll(activeNowOn(0)).toBe(1);
  });

  it("counts a user active on both processes once a day, and every message once", async () => {
    // What the test before did is written first, so it is not mistaken for this test's.
    await sleep(FLUSH_WAIT_MS);
    const before = await todayOn(0);
    const carl = await signUp();
    const dana = await signUp();
    const { room } = (await carl.on[0]?.room.create({ name: `Dash ${ip}` })) ?? {};
    const roomId = room?.id ?? "";
    await connect(carl, 0);
    await connect(carl, 1);
    await connect(dana, 1);
    await carl.on[0]?.message.send({ roomId, content: "from the first" });
    await carl.on[1]?.message.send({ roomId, content: "from the second" });

    const expected = {
      activeUsers: (before.activeUsers ?? 0) + 2,
      messages: (before.messages ?? 0) + 2,
    };
    // Polled gently: reads are rate-limited per user too (decision 0015).
    await expect
      .poll(() => todayOn(1), { timeout: 3 * FLUSH_WAIT_MS, interval: 500 })
      .toEqual(expected);
    // Both processes have flushed again since: still once each.
    await sleep(FLUSH_WAIT_MS);
    expect(await todayOn(0)).toEqual(expected);
  }, 90_000);

  it("a process that stops writes what it counted before it exits", async () => {
    const before = await todayOn(0);
    const erin = await signUp();
    const { room } = (await erin.on[1]?.room.create({ name: `Stop ${ip}` })) ?? {};
    await erin.on[1]?.message.send({ roomId: room?.id ?? "", content: "last words" });
    const [, second] = children;
    if (second) await stopProcess(second);
    expect(await todayOn(0)).toEqual({
      activeUsers: (before.activeUsers ?? 0) + 1,
      messages: (before.messages ?? 0) + 1,
    });
    // One live process left: its own users only (ann and carl of the tests above).
    await expect.poll(activeNowOn(0)).toBe(2);
  }, 30_000);
});
