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
  DM_UNANSWERED_CAP,
  FOLLOWING_CHANNEL,
  REALTIME_PATH,
  roomChannel,
  TOAST,
  userChannel,
  type Contract,
  type EventFrame,
  type ServerFrame,
} from "@chatsphere/contract";
import { isEvent } from "./follow-fixtures";
import { isMessageEvent } from "./message-fixtures";
import { startServerProcess, stopProcess } from "./processes";
import { expectNoFrame, openSocket, type TestSocket } from "./realtime-helpers";

/*
 * Following and direct messages across two real server processes sharing PostgreSQL and Redis
 * (as behind a load balancer): follow events, messages and unread counts reach sockets on the
 * other process, the online dots of following:tab follow sockets on either one, and the
 * three-unanswered cap holds when the sends are split between them. Runs only when both are
 * given: `npm run test:services` sets them.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

interface Person {
  id: string;
  name: string;
  email: string;
  cookie: string;
  /** An RPC client on each process (the same session). */
  on: ContractRouterClient<Contract>[];
}

describe.skipIf(!databaseUrl || !redisUrl)("follows and direct messages across processes", () => {
  const publicUrl = "http://localhost:3999";
  const prefix = `xproc-follow-${randomUUID()}:`;
  const dbName = `chatsphere_xfollow_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-xfollow-"));
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

  const base = (which: 0 | 1) => bases[which] ?? "";

  let ip = 0;
  /** A registered user, signed up through process 1, with a client on each process. */
  async function signUp(): Promise<Person> {
    const email = `xfollow-${randomUUID()}@example.com`;
    const name = email.split("@")[0] ?? "";
    const response = await fetch(`${base(0)}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        origin: publicUrl,
        "content-type": "application/json",
        "x-forwarded-for": `10.78.0.${++ip}`,
      },
      body: JSON.stringify({ email, password: "password123", name }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string } };
    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("better-auth.session_token="));
    const cookie = (session ?? "").split(";")[0] ?? "";
    const on = bases.map((b): ContractRouterClient<Contract> =>
      createORPCClient(new RPCLink({ url: `${b}/rpc`, headers: { cookie, origin: publicUrl } })),
    );
    return { id: body.user.id, name, email, cookie, on };
  }

  /** A socket of the person on a process, holding these channels (closed after the file). */
  async function socketOn(which: 0 | 1, person: Person, ...channels: string[]) {
    const url = base(which).replace("http", "ws") + REALTIME_PATH;
    const socket = await openSocket(url, person.cookie, publicUrl);
    sockets.push(socket);
    for (const channel of channels) expect(await socket.sub(channel)).toBe("subscribed");
    return socket;
  }

  /** Ann and Bob follow each other (through the RPC) and have their direct chat. */
  async function mutualPair() {
    const [ann, bob] = [await signUp(), await signUp()];
    await ann.on[0]?.user.follow({ userId: bob.id });
    await bob.on[1]?.user.follow({ userId: ann.id });
    const chat = await ann.on[0]?.dm.getOrCreateChat({ otherUserId: bob.id });
    if (!chat) throw new Error("no chat");
    return { ann, bob, roomId: chat.room.id };
  }

  it("a follow through one process reaches the followed person's socket on the other; following back tells both", async () => {
    const [ann, bob] = [await signUp(), await signUp()];
    const annSocket = await socketOn(0, ann, userChannel(ann.id));
    const bobSocket = await socketOn(1, bob, userChannel(bob.id));

    await expect(ann.on[0]?.user.follow({ userId: bob.id })).resolves.toEqual({
      message: TOAST.userFollowed,
      isMutual: false,
    });
    const followed = await bobSocket.next(isEvent("follow_notification", userChannel(bob.id)));
    expect(followed.payload).toEqual({ userId: ann.id, name: ann.name });

    await expect(bob.on[1]?.user.follow({ userId: ann.id })).resolves.toEqual({
      message: TOAST.userFollowed,
      isMutual: true,
    });
    const toAnn = await annSocket.next(isEvent("mutual_follow_notification", userChannel(ann.id)));
    const toBob = await bobSocket.next(isEvent("mutual_follow_notification", userChannel(bob.id)));
    expect(toAnn.payload).toEqual({ userId: bob.id, name: bob.name });
    expect(toBob.payload).toEqual({ userId: ann.id, name: ann.name });
    // Ann learns of Bob's follow too, across the processes, and nobody's e-mail travels.
    const back = await annSocket.next(isEvent("follow_notification", userChannel(ann.id)));
    expect(back.payload).toEqual({ userId: bob.id, name: bob.name });
    const frames = JSON.stringify([annSocket.frames, bobSocket.frames]);
    expect(frames).not.toContain(ann.email);
    expect(frames).not.toContain(bob.email);
  });

  it("a direct message through process 1 reaches Bob's socket on process 2 and his unread count on both; markAsRead on 2 clears it on 1", async () => {
    const { ann, bob, roomId } = await mutualPair();
    const bobOn2 = await socketOn(1, bob, userChannel(bob.id), roomChannel(roomId));
    const bobOn1 = await socketOn(0, bob, userChannel(bob.id));

    const sent = await ann.on[0]?.message.send({ roomId, content: "hello across" });
    const got = await bobOn2.next(isMessageEvent);
    expect(got.channel).toBe(roomChannel(roomId));
    expect(got.payload).toEqual(sent);
    for (const device of [bobOn2, bobOn1]) {
      const unread = await device.next(isEvent("dm_unread", userChannel(bob.id)));
      expect(unread.payload).toEqual({ roomId, unreadCount: 1, totalUnread: 1 });
    }

    const since = bobOn1.mark();
    await expect(bob.on[1]?.dm.markAsRead({ roomId })).resolves.toEqual({ unreadCount: 0 });
    const cleared = await bobOn1.next(isEvent("dm_unread", userChannel(bob.id)), 5000, since);
    expect(cleared.payload).toEqual({ roomId, unreadCount: 0, totalUnread: 0 });
    await expect(bob.on[0]?.dm.getUnreadSummary()).resolves.toEqual({ rooms: [], totalUnread: 0 });
  });

  it("following:tab on process 2 sees a followed person come online on process 1, and go offline only when their last socket anywhere closes", async () => {
    const [ann, bob] = [await signUp(), await signUp()];
    await bob.on[1]?.user.follow({ userId: ann.id });
    const bobSocket = await socketOn(1, bob, userChannel(bob.id), FOLLOWING_CHANNEL);
    const snapshot = await bobSocket.next(isEvent("following_online", userChannel(bob.id)));
    expect(snapshot.payload).toEqual({ userIds: [] });
    const isAnn =
      (online: boolean) =>
      (f: ServerFrame): f is EventFrame =>
        isEvent("following_status", userChannel(bob.id))(f) &&
        f.payload.userId === ann.id &&
        f.payload.online === online;

    // Ann's first socket, on process 1.
    const annOn1 = await socketOn(0, ann);
    await bobSocket.next(isAnn(true));
    // A snapshot taken on process 2 finds her online on process 1.
    const second = await socketOn(1, bob, FOLLOWING_CHANNEL);
    const seen = await second.next(isEvent("following_online", userChannel(bob.id)));
    expect(seen.payload).toEqual({ userIds: [ann.id] });

    // A second socket of hers on process 2: closing the first one leaves her online.
    const annOn2 = await socketOn(1, ann);
    const since = bobSocket.mark();
    await annOn1.close();
    await expectNoFrame(bobSocket, isAnn(false), { ms: 1000, since });
    await annOn2.close();
    const offline = await bobSocket.next(isAnn(false), 5000, since);
    expect(offline.payload).toEqual({ userId: ann.id, online: false });
  });

  it(`ten sends at once, split between the processes, store exactly ${DM_UNANSWERED_CAP}`, async () => {
    const { ann, bob, roomId } = await mutualPair();
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        ann.on[i % 2]?.message.send({ roomId, content: `burst ${i}`, clientId: `burst-${i}` }),
      ),
    );
    const accepted = settled.filter((r) => r.status === "fulfilled");
    const refused = settled.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(accepted).toHaveLength(DM_UNANSWERED_CAP);
    expect(refused).toHaveLength(10 - DM_UNANSWERED_CAP);
    for (const error of refused) {
      expect(error).toMatchObject({ status: 409, message: TOAST.dmLimit });
    }
    const history = await bob.on[0]?.message.list({ roomId });
    expect(history?.messages).toHaveLength(DM_UNANSWERED_CAP);
    expect(history?.messages.every((m) => m.senderId === ann.id)).toBe(true);
  });
});
