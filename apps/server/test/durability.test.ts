import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  REALTIME_PATH,
  userChannel,
  type Contract,
  type ServerFrame,
  type StrangerRoom,
} from "@chatsphere/contract";
import { startServerProcess, stopProcess } from "./processes";
import { openSocket, type TestSocket } from "./realtime-helpers";

/*
 * A message acknowledged to its sender survives `kill -9` of the server right after the
 * acknowledgement (issue 10, item 8): the real server process is started, two guests are
 * matched and talk, the process is killed with SIGKILL, started again on the same data, and
 * the history is read back. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
 */
const publicUrl = "http://localhost:3998";
const adminUrl = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
const sockets: TestSocket[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  await Promise.all(children.splice(0).map((child) => stopProcess(child, "SIGTERM")));
  for (const cleanup of cleanups.splice(0)) await cleanup();
}, 60_000);

async function start(env: Record<string, string>) {
  const started = await startServerProcess({
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    ...env,
  });
  children.push(started.child);
  return started;
}

const clientOf = (base: string, cookie: string): ContractRouterClient<Contract> =>
  createORPCClient(new RPCLink({ url: `${base}/rpc`, headers: { cookie, origin: publicUrl } }));

let address = 0;
/** A guest with a socket on their own channel, as the stranger tab has. */
async function guest(base: string) {
  const response = await fetch(`${base}/api/auth/sign-in/anonymous`, {
    method: "POST",
    headers: {
      origin: publicUrl,
      "content-type": "application/json",
      "x-forwarded-for": `10.88.${Math.floor(++address / 250)}.${1 + (address % 250)}`,
    },
    body: "{}",
  });
  if (!response.ok) throw new Error(`guest sign-in failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const socket = await openSocket(base.replace("http", "ws") + REALTIME_PATH, cookie, publicUrl);
  sockets.push(socket);
  expect(await socket.sub(userChannel(user.id))).toBe("subscribed");
  return { id: user.id, cookie, client: clientOf(base, cookie), socket };
}

/** Two guests matched in stranger chat: the simplest room where both may send. */
async function strangers(base: string) {
  const ann = await guest(base);
  const bob = await guest(base);
  await ann.client.room.findStranger({ continent: "World" });
  await bob.client.room.findStranger({ continent: "World" });
  const matched = await ann.socket.next(
    (f: ServerFrame) => f.type === "event" && f.event === "stranger_matched",
  );
  const { room } = matched.payload as { room: StrangerRoom };
  return { ann, bob, roomId: room.id };
}

/** The crash and the restart, on whatever database `env` points the server at. */
async function sendKillRestartList(env: Record<string, string>) {
  const first = await start(env);
  const { ann, bob, roomId } = await strangers(first.base);
  const hello = await ann.client.message.send({ roomId, content: "hello", clientId: "a-1" });
  const acked = await bob.client.message.send({ roomId, content: "acked", clientId: "b-1" });
  await stopProcess(first.child, "SIGKILL");

  const second = await start(env);
  const reader = clientOf(second.base, ann.cookie);
  const { messages } = await reader.message.list({ roomId });
  expect(messages).toEqual([hello, acked]);
  // A sender that never saw the answer retries after the restart: still stored once.
  const retry = clientOf(second.base, bob.cookie);
  await expect(retry.message.send({ roomId, content: "acked", clientId: "b-1" })).resolves.toEqual(
    acked,
  );
  expect((await reader.message.list({ roomId })).messages).toEqual([hello, acked]);
}

describe("a message acknowledged to its sender survives kill -9 of the server", () => {
  it("on PGlite, with its data directory on disk", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-durable-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await sendKillRestartList({ DATA_DIR: dataDir, DATABASE_URL: "" });
  }, 180_000);

  it.skipIf(!adminUrl)(
    "on PostgreSQL",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-durable-"));
      const name = `chatsphere_durable_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.end();
        rmSync(dataDir, { recursive: true, force: true });
      });
      const url = new URL(adminUrl ?? "");
      url.pathname = `/${name}`;
      await sendKillRestartList({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    },
    180_000,
  );
});
