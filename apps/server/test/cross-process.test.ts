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
import {
  CLOSE_CODES,
  LOBBY_CHANNEL,
  REALTIME_PATH,
  roomChannel,
  userChannel,
  type Contract,
  type EventFrame,
  type ServerFrame,
  type StrangerRoom,
} from "@chatsphere/contract";
import { startServerProcess, stopProcess } from "./processes";
import { openSocket, type TestSocket } from "./realtime-helpers";

/*
 * Two real server processes share one PostgreSQL database and one Redis (as behind a load
 * balancer). Runs only when both are given: `npm run test:services` sets them.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseUrl || !redisUrl)("two server processes on Redis", () => {
  const publicUrl = "http://localhost:3999";
  const prefix = `xproc-${randomUUID()}:`;
  const dbName = `chatsphere_xproc_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-xproc-"));
  const children: ChildProcess[] = [];
  const sockets: TestSocket[] = [];
  let bases: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
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
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(children.map((child) => stopProcess(child)));
    const redis = new Redis(redisUrl ?? "");
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    bases = [];
  }, 60_000);

  let ip = 0;
  async function guestOn(base: string) {
    const response = await fetch(`${base}/api/auth/sign-in/anonymous`, {
      method: "POST",
      headers: {
        origin: publicUrl,
        "content-type": "application/json",
        "x-forwarded-for": `10.77.0.${++ip}`,
      },
      body: "{}",
    });
    const body = (await response.json()) as { user: { id: string } };
    const cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const { client, socket } = await connect(base, cookie, body.user.id);
    return { id: body.user.id, cookie, client, socket };
  }

  /** An RPC client and a socket (subscribed to the user's channel) on a process. */
  async function connect(base: string, cookie: string, userId: string) {
    const client: ContractRouterClient<Contract> = createORPCClient(
      new RPCLink({ url: `${base}/rpc`, headers: { cookie, origin: publicUrl } }),
    );
    const socket = await openSocket(base.replace("http", "ws") + REALTIME_PATH, cookie, publicUrl);
    sockets.push(socket);
    expect(await socket.sub(userChannel(userId))).toBe("subscribed");
    return { client, socket };
  }

  const isEvent =
    (event: string, check: (f: EventFrame) => boolean = () => true) =>
    (f: ServerFrame): f is EventFrame =>
      f.type === "event" && f.event === event && check(f);

  it("matches two clients connected to different processes, and they talk", async () => {
    const [first = "", second = ""] = bases;
    const ann = await guestOn(first);
    const bob = await guestOn(second);

    await expect(ann.client.room.findStranger({ continent: "Europe" })).resolves.toEqual({
      status: "waiting",
    });
    await expect(bob.client.room.findStranger({ continent: "Europe" })).resolves.toEqual({
      status: "matched",
    });
    const matched = await ann.socket.next(isEvent("stranger_matched"));
    const room = (matched.payload as { room: StrangerRoom }).room;
    expect(room.partner.id).toBe(bob.id);
    await bob.socket.next(isEvent("stranger_matched", (f) => f.channel === userChannel(bob.id)));

    const channel = roomChannel(room.id);
    expect(await ann.socket.sub(channel)).toBe("subscribed");
    expect(await bob.socket.sub(channel)).toBe("subscribed");
    await bob.socket.next((f) => f.type === "presence" && f.channel === channel && f.count === 2);

    const hello = await ann.client.message.send({ roomId: room.id, content: "hello from 1" });
    const got = await bob.socket.next(isEvent("message"));
    expect(got.payload).toEqual(hello);
    const reply = await bob.client.message.send({ roomId: room.id, content: "hi from 2" });
    const back = await ann.socket.next(
      isEvent("message", (f) => (f.payload as { id: string }).id === reply.id),
    );
    expect(back.payload).toEqual(reply);

    ann.socket.send({ type: "typing", channel });
    const typing = await bob.socket.next(isEvent("typing"));
    expect(typing.payload).toMatchObject({ userId: ann.id });

    // Ann's only connection drops: Bob, on the other process, learns the chat ended.
    await ann.socket.close();
    const closed = await bob.socket.next(isEvent("room_closed"));
    expect(closed.payload).toMatchObject({ roomId: room.id, reason: "disconnected" });
  });

  it("counts the lobby across processes", async () => {
    const [first = "", second = ""] = bases;
    const cat = await guestOn(first);
    const dan = await guestOn(second);
    expect(await cat.socket.sub(LOBBY_CHANNEL)).toBe("subscribed");
    expect(await dan.socket.sub(LOBBY_CHANNEL)).toBe("subscribed");
    await cat.socket.next(
      (f) => f.type === "presence" && f.channel === LOBBY_CHANNEL && f.count === 2,
    );
    const since = cat.socket.mark();
    await dan.socket.close();
    await cat.socket.next(
      (f) => f.type === "presence" && f.channel === LOBBY_CHANNEL && f.count === 1,
      5000,
      since,
    );
  });

  it("a sign-out through one process ends the session on the other at once", async () => {
    const [first = "", second = ""] = bases;
    const eve = await guestOn(first);
    const elsewhere = await connect(second, eve.cookie, eve.id);
    // The second process now remembers the session (for 30 s, were it not told).
    await expect(elsewhere.client.user.getBio()).resolves.toEqual({ bio: "" });
    const signOut = await fetch(`${first}/api/auth/sign-out`, {
      method: "POST",
      headers: {
        cookie: eve.cookie,
        origin: publicUrl,
        "content-type": "application/json",
        "x-forwarded-for": `10.77.0.${++ip}`,
      },
      body: "{}",
    });
    expect(signOut.status).toBe(200);
    expect(await eve.socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    expect(await elsewhere.socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(elsewhere.client.user.getBio()).rejects.toMatchObject({ status: 401 });
  });

  it("an admin's ban through one process closes the banned user's socket on the other at once", async () => {
    const [first = "", second = ""] = bases;
    const post = (pathname: string, body: unknown, cookie?: string) =>
      fetch(`${first}${pathname}`, {
        method: "POST",
        headers: {
          ...(cookie ? { cookie } : {}),
          origin: publicUrl,
          "content-type": "application/json",
          "x-forwarded-for": `10.77.0.${++ip}`,
        },
        body: JSON.stringify(body),
      });
    const credentials = {
      email: `xproc-admin-${randomUUID()}@example.com`,
      password: "password123",
    };
    // The shared database is fresh: the first admin may sign up (or one exists already).
    await post("/rpc/admin/signUp", { json: { ...credentials, confirmPassword: "password123" } });
    const signIn = await post("/api/auth/sign-in/email", credentials);
    const adminCookie = (signIn.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const victim = await guestOn(second);
    await expect(victim.client.user.getBio()).resolves.toEqual({ bio: "" });
    const ban = await post("/api/auth/admin/ban-user", { userId: victim.id }, adminCookie);
    expect(ban.status).toBe(200);
    expect(await victim.socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victim.client.user.getBio()).rejects.toMatchObject({ status: 401 });
  });

  it("rate limits hold across processes: the allowance spent on one is gone on the other", async () => {
    const [first = "", second = ""] = bases;
    const ann = await guestOn(first);
    const onSecond = await connect(second, ann.cookie, ann.id);
    const statuses = [];
    for (let i = 0; i < 24; i++) {
      const client = i % 2 === 0 ? ann.client : onSecond.client;
      statuses.push(
        await client.room.findStranger({ continent: "Antarctica" }).then(
          () => 200,
          (error: { status?: number }) => error.status ?? 0,
        ),
      );
    }
    // 20 per minute per user, counted in Redis whichever process answers.
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });
});
