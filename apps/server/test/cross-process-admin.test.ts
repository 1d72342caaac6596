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
  ADMIN_ERROR,
  CLOSE_CODES,
  DELETED_USER,
  REALTIME_PATH,
  roomChannel,
  userChannel,
  type Contract,
  type ServerFrame,
} from "@chatsphere/contract";
import { startServerProcess, stopProcess } from "./processes";
import { expectAlive, openSocket, type TestSocket } from "./realtime-helpers";

/*
 * Manage Users across two real server processes sharing PostgreSQL and Redis: what an admin
 * does through one takes effect at once on the other. Runs only when both are given.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

type Client = ContractRouterClient<Contract>;
interface Person {
  id: string;
  email: string;
  cookie: string;
}

describe.skipIf(!databaseUrl || !redisUrl)("Manage Users on two processes", () => {
  const publicUrl = "http://localhost:3998";
  const prefix = `xadmin-${randomUUID()}:`;
  const dbName = `chatsphere_xadmin_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-xadmin-"));
  const children: ChildProcess[] = [];
  const sockets: TestSocket[] = [];
  let bases: string[] = [];
  let admin: Client;

  let ip = 0;
  const post = (base: string, pathname: string, body: unknown, cookie?: string) =>
    fetch(`${base}${pathname}`, {
      method: "POST",
      headers: {
        ...(cookie ? { cookie } : {}),
        origin: publicUrl,
        "content-type": "application/json",
        "x-forwarded-for": `10.78.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      },
      body: JSON.stringify(body),
    });
  const clientOn = (base: string, cookie: string): Client =>
    createORPCClient(new RPCLink({ url: `${base}/rpc`, headers: { cookie, origin: publicUrl } }));
  const cookieOf = (response: Response) =>
    (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";

  async function signedIn(response: Response, email: string): Promise<Person> {
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string } };
    return { id: body.user.id, email, cookie: cookieOf(response) };
  }
  const signUp = async (base: string) => {
    const email = `x-${randomUUID()}@example.com`;
    const body = { email, password: "password123", name: "Member" };
    return signedIn(await post(base, "/api/auth/sign-up/email", body), email);
  };
  const signIn = (base: string, email: string) =>
    post(base, "/api/auth/sign-in/email", { email, password: "password123" });
  const guestOn = async (base: string) =>
    signedIn(await post(base, "/api/auth/sign-in/anonymous", {}), "");
  async function socketOn(base: string, person: Person) {
    const socket = await openSocket(
      base.replace("http", "ws") + REALTIME_PATH,
      person.cookie,
      publicUrl,
    );
    sockets.push(socket);
    expect(await socket.sub(userChannel(person.id))).toBe("subscribed");
    return socket;
  }

  beforeAll(async () => {
    const pgAdmin = new pg.Client({ connectionString: databaseUrl });
    await pgAdmin.connect();
    await pgAdmin.query(`create database "${dbName}"`);
    await pgAdmin.end();
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
    const [first = ""] = bases;
    const email = `x-admin-${randomUUID()}@example.com`;
    const signUpAdmin = { email, password: "password123", confirmPassword: "password123" };
    expect((await post(first, "/rpc/admin/signUp", { json: signUpAdmin })).status).toBe(200);
    const me = await signedIn(await signIn(first, email), email);
    admin = clientOn(first, me.cookie);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(children.map((child) => stopProcess(child)));
    const redis = new Redis(redisUrl ?? "");
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    const pgAdmin = new pg.Client({ connectionString: databaseUrl });
    await pgAdmin.connect();
    await pgAdmin.query(`drop database if exists "${dbName}" with (force)`);
    await pgAdmin.end();
    rmSync(dataDir, { recursive: true, force: true });
    bases = [];
  }, 60_000);

  it("a ban through one process closes the user's socket and ends their session on the other at once; unban restores sign-in", async () => {
    const [first = "", second = ""] = bases;
    const victim = await signUp(second);
    const socket = await socketOn(second, victim);
    const onSecond = clientOn(second, victim.cookie);
    // The second process now remembers the session (for 30 s, were it not told).
    await expect(onSecond.user.getBio()).resolves.toEqual({ bio: "" });

    await expect(admin.admin.banUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    expect(await socket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(onSecond.user.getBio()).rejects.toMatchObject({ status: 401 });
    const refused = await signIn(second, victim.email);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(ADMIN_ERROR.bannedSignIn);

    await expect(admin.admin.unbanUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    const back = await signedIn(await signIn(first, victim.email), victim.email);
    await expect(clientOn(second, back.cookie).user.getBio()).resolves.toEqual({ bio: "" });
  });

  it("a removal through one process closes the user's socket on the other; their messages stay from 'Deleted user'", async () => {
    const [, second = ""] = bases;
    const [victim, member] = [await signUp(second), await signUp(second)];
    const victimSocket = await socketOn(second, victim);
    const memberSocket = await socketOn(second, member);
    const [victimClient, memberClient] = [
      clientOn(second, victim.cookie),
      clientOn(second, member.cookie),
    ];
    const { room: own } = await victimClient.room.create({ name: "Short lived" });
    await memberClient.room.join({ roomId: own.id });
    expect(await memberSocket.sub(roomChannel(own.id))).toBe("subscribed");
    const { room: theirs } = await memberClient.room.create({ name: "Staying" });
    await victimClient.room.join({ roomId: theirs.id });
    const kept = await victimClient.message.send({ roomId: theirs.id, content: "still here" });

    await expect(admin.admin.removeUser({ userId: victim.id })).resolves.toEqual({
      userId: victim.id,
    });
    expect(await victimSocket.waitClosed()).toBe(CLOSE_CODES.unauthorized);
    await expect(victimClient.user.getBio()).rejects.toMatchObject({ status: 401 });
    await memberSocket.next(
      (f: ServerFrame) =>
        f.type === "event" && f.event === "room_closed" && f.channel === roomChannel(own.id),
    );
    const history = await memberClient.message.list({ roomId: theirs.id });
    expect(history.messages.find((m) => m.id === kept.id)).toMatchObject({
      senderId: DELETED_USER.id,
      sender: { name: DELETED_USER.name },
    });
    await expectAlive(memberSocket);
  });

  it("the guest purge through one process keeps a guest connected to the other and ends the sessions it deletes everywhere", async () => {
    const [first = "", second = ""] = bases;
    const connected = await guestOn(second);
    const connectedSocket = await socketOn(second, connected);
    const gone = await guestOn(first);
    const goneOnSecond = clientOn(second, gone.cookie);
    await expect(goneOnSecond.user.getBio()).resolves.toEqual({ bio: "" });

    const { deletedCount } = await admin.admin.deleteAllGuestUsers();
    expect(deletedCount).toBeGreaterThanOrEqual(1);
    await expect(goneOnSecond.user.getBio()).rejects.toMatchObject({ status: 401 });
    await expectAlive(connectedSocket);
    await expect(clientOn(second, connected.cookie).user.getBio()).resolves.toEqual({ bio: "" });
    const guests = await admin.admin.listUsers({
      page: 1,
      limit: 50,
      filter: { userType: "guest" },
    });
    expect(guests.users.map((u) => u.id)).toEqual([connected.id]);
  });
});
