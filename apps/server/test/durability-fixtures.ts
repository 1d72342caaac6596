import type { ChildProcess } from "node:child_process";
import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import { afterEach, expect } from "vitest";
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
 * The crash of durability.test.ts (PGlite) and durability.services.test.ts (PostgreSQL): the
 * real server process is started, two guests are matched and talk, the process is killed with
 * SIGKILL right after the acknowledgements, started again on the same data, and the history
 * is read back.
 */
const publicUrl = "http://localhost:3998";
const children: ChildProcess[] = [];
const sockets: TestSocket[] = [];
const cleanups: (() => Promise<void>)[] = [];

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

/**
 * Registers the clean-up after each test of the calling file (sockets, processes, then what
 * was handed to `cleanUpAfter`) and returns the crash and restart to run.
 */
export function useKillRestart() {
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await Promise.all(children.splice(0).map((child) => stopProcess(child, "SIGTERM")));
    for (const cleanup of cleanups.splice(0)) await cleanup();
  }, 60_000);
  return {
    sendKillRestartList,
    cleanUpAfter: (cleanup: () => Promise<void>) => void cleanups.push(cleanup),
  };
}
