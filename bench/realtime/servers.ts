import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import { REALTIME_PATH } from "@chatsphere/contract";
import { serverNodeFlags } from "../../scripts/server-node-flags.mjs";
import { TARGET_LABEL, type Target } from "./protocol";
import { onCleanup, pinned, SERVER_CORE, sleep, stopChild } from "./proc";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SERVER_ENTRY = join(ROOT, "apps/server/dist/main.js");
const BASELINES = fileURLToPath(new URL("./baselines/", import.meta.url));
const PROBE = fileURLToPath(new URL("./server-probe.mjs", import.meta.url));

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface RunningServer {
  target: Target;
  pid: number;
  /** http://127.0.0.1:port, also the Origin the server accepts. */
  origin: string;
  /** Where clients connect: ours and bare ws on /ws, Socket.IO on its origin. */
  socketUrl: string;
  /** The server process's log (stdout + stderr). */
  log: string;
  stop(): Promise<void>;
}

export interface OurServer extends RunningServer {
  /** Its directory (DATA_DIR inside). */
  dir: string;
  /** Full GC in the server, then its process.memoryUsage() (started with `probe` only). */
  probe(): Promise<NodeJS.MemoryUsage>;
}

/** Signals server-probe.mjs in a server (SIGUSR2) and reads what it wrote: after a full GC. */
async function readProbe(pid: number, file: string): Promise<NodeJS.MemoryUsage> {
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    if (existsSync(file) && statSync(file).mtimeMs !== before) {
      return JSON.parse(readFileSync(file, "utf8")) as NodeJS.MemoryUsage;
    }
  }
  throw new Error("the server did not answer the memory probe");
}

/** Shared PostgreSQL and Redis for the scale-out configuration ("services"). */
export interface Services {
  databaseUrl: string;
  redisPrefix: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const dirs = new Map<string, () => Promise<void>>();

/** A temporary directory, removed at the end of the run at the latest. */
export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "chatsphere-bench-"));
  dirs.set(
    dir,
    onCleanup(`temp dir ${dir}`, () => rmSync(dir, { recursive: true, force: true })),
  );
  return dir;
}

export async function removeDir(dir: string) {
  await dirs.get(dir)?.();
  dirs.delete(dir);
}

const tail = (file: string) => readFileSync(file, "utf8").split("\n").slice(-30).join("\n");

/** Starts a server pinned to the server core and waits for its /healthz. */
async function launch(options: {
  name: string;
  args: string[];
  env: Record<string, string>;
  dir: string;
  port: number;
}) {
  const { port } = options;
  const origin = `http://127.0.0.1:${port}`;
  const log = join(options.dir, "server.log");
  const out = openSync(log, "a");
  const { command, args } = pinned(SERVER_CORE, process.execPath, options.args);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? options.dir,
      PORT: String(port),
      ...options.env,
    },
    stdio: ["ignore", out, out],
  });
  closeSync(out); // the child has its own copy
  let stopping = false;
  const stop = onCleanup(options.name, () => {
    stopping = true;
    return stopChild(child, 10_000);
  });
  let exited = false;
  child.once("exit", (code, signal) => {
    exited = true;
    if (!stopping) {
      console.error(
        `\n${options.name} exited (${code ?? signal}); its log ends with:\n${tail(log)}`,
      );
    }
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`${options.name} exited while starting:\n${tail(log)}`);
    if (Date.now() > deadline) throw new Error(`${options.name} did not start:\n${tail(log)}`);
    const ok = await fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(200);
  }
  return { child, pid: child.pid ?? 0, origin, log, stop };
}

/**
 * ChatSphere's built server (`node apps/server/dist/main.js`). Without `services` it runs
 * the embedded default (PGlite in a fresh DATA_DIR, in-process bus); with them, PostgreSQL
 * and Redis. `probe` loads server-probe.mjs (and --expose-gc) to read its heap.
 */
export async function startOurs(options: {
  services?: Services;
  probe?: boolean;
  /** A directory of an earlier server to start again on (its DATA_DIR and sessions). */
  dir?: string;
  /**
   * The site's address (PUBLIC_URL), when several processes serve one site behind a proxy:
   * every process of the scale-out phases takes the first one's, as they would share it.
   */
  publicUrl?: string;
  /** Another build of the server to run instead of apps/server/dist/main.js (bench:startup). */
  entry?: string;
}) {
  // BENCH_SERVER_ENTRY runs another build (one copied inside apps/server/, as bench:startup's
  // --entry) for an A/B comparison with the same bench.
  const entry = options.entry ?? process.env.BENCH_SERVER_ENTRY ?? SERVER_ENTRY;
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  }
  const dir = options.dir ?? tempDir();
  const probeFile = join(dir, `probe-${Date.now()}.json`);
  const env: Record<string, string> = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: join(dir, "data"),
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    // A thousand bench guests skip and send as a million people would: the limiter runs on
    // every call as in production, but refuses a thousand times later (decision 0015).
    RATE_LIMIT_SCALE: "1000",
    BENCH_PROBE_FILE: probeFile,
  };
  if (options.services) {
    env.DATABASE_URL = options.services.databaseUrl;
    env.REDIS_URL = REDIS_URL;
    env.REDIS_PREFIX = options.services.redisPrefix;
  }
  // The flags `npm start` gives a server on one core (it runs pinned to SERVER_CORE), then
  // extra ones for the server under test, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof" (later
  // flags win: "--no-single-threaded-gc" measures it without the product's).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const probe = options.probe ? ["--expose-gc", "--import", PROBE] : [];
  const args = [...serverNodeFlags(1), ...extra, ...probe, entry];
  const port = await freePort();
  // Mutations and the WebSocket handshake must carry this Origin.
  env.PUBLIC_URL = options.publicUrl ?? `http://127.0.0.1:${port}`;
  const launched = await launch({
    name: "ChatSphere server",
    args,
    env,
    dir,
    port,
  });
  const server: OurServer = {
    dir,
    target: "ours",
    pid: launched.pid,
    origin: launched.origin,
    socketUrl: `ws://127.0.0.1:${port}${REALTIME_PATH}`,
    log: launched.log,
    async stop() {
      await launched.stop();
      if (!options.dir) await removeDir(dir);
    },
    probe: () => readProbe(launched.pid, probeFile),
  };
  return server;
}

/** How the Socket.IO + PostgreSQL baseline checks that a sender is a member of the room. */
export type BaselineMembership = "cached" | "query";

/**
 * One of the baselines (baselines/bare-ws.ts, baselines/socketio.ts,
 * baselines/socketio-pg.ts), run through tsx. The Redis control is the bare ws baseline with
 * a Redis key prefix to take its triggers from; Socket.IO + PostgreSQL needs its database.
 */
export async function startBaseline(
  target: Exclude<Target, "ours">,
  redisPrefix?: string,
  database?: { url: string; membership: BaselineMembership },
  /** Loads server-probe.mjs (and --expose-gc), as `startOurs({ probe })` does. */
  extra: { probe?: boolean } = {},
): Promise<RunningServer & { probe(): Promise<NodeJS.MemoryUsage> }> {
  const dir = tempDir();
  const bare = target === "bare-ws" || target === "bare-ws-redis";
  const file = join(
    BASELINES,
    bare ? "bare-ws.ts" : target === "socketio-pg" ? "socketio-pg.ts" : "socketio.ts",
  );
  const name = TARGET_LABEL[target];
  const env: Record<string, string> = { NODE_ENV: "production" };
  if (target === "bare-ws-redis") {
    if (!redisPrefix) throw new Error("the Redis control needs a Redis key prefix");
    Object.assign(env, { BENCH_REDIS_URL: REDIS_URL, BENCH_REDIS_PREFIX: redisPrefix });
  }
  if (target === "socketio-pg") {
    if (!database) throw new Error("the Socket.IO + PostgreSQL baseline needs a database");
    Object.assign(env, { DATABASE_URL: database.url, BENCH_MEMBERSHIP: database.membership });
  }
  const probeFile = join(dir, "probe.json");
  env.BENCH_PROBE_FILE = probeFile;
  const probe = extra.probe ? ["--expose-gc", "--import", PROBE] : [];
  // Extra Node flags for a baseline, e.g. BENCH_BASELINE_NODE_ARGS="--cpu-prof", to profile
  // it the way BENCH_SERVER_NODE_ARGS profiles ours.
  const flags = (process.env.BENCH_BASELINE_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const launched = await launch({
    name,
    args: [...flags, ...probe, "--import", "tsx", file],
    env,
    dir,
    port: await freePort(),
  });
  const host = launched.origin.replace("http://", "ws://");
  return {
    target,
    pid: launched.pid,
    origin: launched.origin,
    socketUrl: bare ? `${host}/ws` : host,
    log: launched.log,
    async stop() {
      await launched.stop();
      await removeDir(dir);
    },
    probe: () => readProbe(launched.pid, probeFile),
  };
}

/**
 * A fresh PostgreSQL database and Redis key prefix for one run, dropped (and its keys
 * deleted) at the end, also after a failure or Ctrl-C. `database: false`: the prefix only.
 */
export async function createServices(
  options: { database: boolean } = { database: true },
): Promise<Services & { drop(): Promise<void> }> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const database = `chatsphere_bench_${suffix}`;
  if (options.database) {
    const admin = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${database}"`);
    } finally {
      await admin.end();
    }
  }
  const redisPrefix = `chatsphere-bench-${suffix}:`;
  const drop = onCleanup("bench database and Redis keys", async () => {
    if (options.database) {
      const client = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix}*`, "COUNT", 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== "0");
    } finally {
      redis.disconnect();
    }
  });
  return { databaseUrl: `${POSTGRES_URL}/${database}`, redisPrefix, drop };
}
