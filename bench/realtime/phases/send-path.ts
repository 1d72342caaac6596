import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Redis } from "ioredis";
import pg from "pg";
import { PostgresCpu } from "../../admin/postgres";
import { signInGuests, type Guest } from "../clients";
import type { WorkerPool } from "../pool";
import { cpuSeconds, cpuWindow, onCleanup, sleep } from "../proc";
import { Histogram } from "../stats";
import type { ClientSpec, SendStatus, SendTransport } from "../protocol";
import {
  createServices,
  REDIS_URL,
  removeDir,
  startBaseline,
  startOurs,
  tempDir,
  type BaselineMembership,
  type RunningServer,
} from "../servers";

/**
 * The full send path (issue 15, items 1 and 2): members send 100-byte chat messages into
 * their rooms at a fixed rate, and every member of the room (the sender included) receives
 * each one. Ours in the scale-out configuration (message.send -> PostgreSQL -> Redis ->
 * sockets) and as the embedded default (PGlite, in-process bus), beside the Socket.IO +
 * PostgreSQL baseline (baselines/socketio-pg.ts). CPU counts every process on the path.
 */

/**
 * Which server: ours on PostgreSQL + Redis, ours embedded, the baseline, or (interleaved with
 * ours, to compare two builds) another build of ours on PostgreSQL + Redis,
 * BENCH_SERVER_ENTRY_B.
 */
export type SendServer = "ours" | "embedded" | "socketio-pg" | "ours-b";

/** How the sends travel: ours over HTTP or its WebSocket; the baseline's Socket.IO event. */
export type SendVia = "http" | "ws" | "socket.io";

export const SEND_SERVER_LABEL: Record<SendServer, string> = {
  ours: "ChatSphere (PostgreSQL + Redis)",
  embedded: "ChatSphere embedded (PGlite)",
  "socketio-pg": "Socket.IO + PostgreSQL",
  "ours-b": "ChatSphere (PostgreSQL + Redis), build B",
};

export const SEND_VIA_LABEL: Record<SendVia, string> = {
  http: "HTTP",
  ws: "WebSocket",
  "socket.io": "Socket.IO",
};

export interface SendPathOptions {
  servers: SendServer[];
  /** Members in all; each is in one room of `roomSize`. */
  clients: number;
  roomSize: number;
  /** Offered sends/s for ours (scale-out) and the baseline. */
  rates: number[];
  /** Offered sends/s for the embedded default. */
  embeddedRates: number[];
  /** Ours' transports (the baseline always sends with its Socket.IO event). */
  transports: ("http" | "ws")[];
  membership: BaselineMembership;
  warmupMs: number;
  windowMs: number;
  /**
   * How many times each server is measured, in alternating order (A B, then B A, ...): the
   * sandbox's speed drifts by 10-20 % within minutes, so one window each can put the drift in
   * the ratio; the report takes each round's ratio and their median.
   */
  rounds: number;
  /**
   * Pairs of interleaved slices (0: none): ours and the baseline both connected, measured in
   * turns of `sliceMs` after `sliceWarmupMs` each (runInterleaved); the embedded default, if
   * asked for, is then measured in rounds after it.
   */
  interleave: number;
  sliceMs: number;
  sliceWarmupMs: number;
}

export interface SendPathRow {
  /** Which round of the run (1 to `rounds`) measured this row. */
  round: number;
  server: SendServer;
  via: SendVia;
  roomSize: number;
  offeredPerSecond: number;
  /** Sends made in the window, per second. */
  sentPerSecond: number;
  /** Sends answered (stored) in the window, per second. */
  answeredPerSecond: number;
  /** Sends the pacers skipped because the generator fell behind (whole run of the rate). */
  dropped: number;
  /** Sends skipped because the server was behind (too many unanswered; whole run of the rate). */
  skippedBehind: number;
  /** Sends refused or unanswered (whole run of the rate, warm-up included). */
  failed: number;
  firstError?: string;
  deliveries: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  serverCpuS: number;
  /** The PostgreSQL cluster (postmaster and its children); null where there is none. */
  postgresCpuS: number | null;
  /** Of which this run's database: its backends and the cluster's background processes. */
  postgresOwnCpuS: number | null;
  /** The Redis server; null where there is none on the path. */
  redisCpuS: number | null;
  /** Everything on the path: server + PostgreSQL + Redis. */
  pathCpuS: number;
  /** Answered sends per CPU-second of everything on the path. */
  sendsPerCpuS: number;
  deliveriesPerCpuS: number;
  generatorCpuS: number;
  otherOnServerCoreS: number;
  windowS: number;
}

export interface SendPathResult {
  clients: number;
  roomSize: number;
  membership: BaselineMembership;
  /** Rounds of the run (older result files have none: one). */
  rounds?: number;
  /** An interleaved run's pooled figures; its slices are rows, their pair as the round. */
  interleaved?: {
    pairs: number;
    sliceS: number;
    sliceWarmupS: number;
    sides: InterleavedSide[];
  };
  rows: SendPathRow[];
}

type Log = (line: string) => void;

const ms = (us: number) => us / 1000;
/**
 * The rooms' ids start `bench-r{size}-`; in an interleaved run the baseline's start
 * `bench-s{size}-`, so that each side's members send only into their own server's rooms
 * while both servers' members are connected.
 */
const OURS_ROOMS = "bench-r";
const BASELINE_ROOMS = "bench-s";
const OURS_B_ROOMS = "bench-t";
const roomPrefix = (rooms: string, size: number) => `${rooms}${size}-`;

/** Member i sits in room floor(i / size); a last, smaller room is left out. */
function layout(clients: number, size: number, rooms = OURS_ROOMS) {
  const count = Math.floor(clients / size);
  return Array.from(
    { length: count * size },
    (_, i) => `${roomPrefix(rooms, size)}${Math.floor(i / size)}`,
  );
}

/**
 * The rooms with their owners (each room's first member), and the memberships as two
 * parallel columns (room, user) for `unnest`.
 */
function memberships(roomOf: string[], userIds: string[]) {
  const owners = new Map<string, string>();
  roomOf.forEach((room, i) => {
    const user = userIds[i];
    if (user && !owners.has(room)) owners.set(room, user);
  });
  const rooms = [...owners.keys()];
  return {
    rooms,
    owners: rooms.map((r) => owners.get(r) ?? ""),
    memberRooms: roomOf,
    memberUsers: userIds.slice(0, roomOf.length),
  };
}

const INSERT_ROOMS = `INSERT INTO room (id, name, kind, owner_id)
  SELECT id, id, 'user', owner FROM unnest($1::text[], $2::text[]) AS t(id, owner)`;
const INSERT_MEMBERS = `INSERT INTO room_member (room_id, user_id)
  SELECT * FROM unnest($1::text[], $2::text[])`;

/** Ours on PostgreSQL: room rows and memberships straight into its database (a fixture). */
async function insertOursPg(databaseUrl: string, roomOf: string[], guests: Guest[]) {
  const m = memberships(
    roomOf,
    guests.map((g) => g.userId),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(INSERT_ROOMS, [m.rooms, m.owners]);
    await client.query(INSERT_MEMBERS, [m.memberRooms, m.memberUsers]);
  } finally {
    await client.end();
  }
}

/** Ours embedded: the same fixture into its PGlite directory, while no server holds it. */
async function insertOursPglite(dataDir: string, roomOf: string[], guests: Guest[]) {
  const m = memberships(
    roomOf,
    guests.map((g) => g.userId),
  );
  // The same extension the server loads (its trigram index is on "user", not touched here,
  // but a data directory is opened with what it was created with).
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    await db.query(INSERT_ROOMS, [m.rooms, m.owners]);
    await db.query(INSERT_MEMBERS, [m.memberRooms, m.memberUsers]);
  } finally {
    await db.close();
  }
}

/** The baseline: users, one session each (a random token), rooms and memberships. */
async function insertBaseline(databaseUrl: string, roomOf: string[]) {
  const users = roomOf.map((_, i) => `bench-user-${i}`);
  const tokens = users.map(() => randomBytes(24).toString("base64url"));
  const m = memberships(roomOf, users);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO app_user (id, name) SELECT id, 'Guest ' || n
       FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
      [users],
    );
    await client.query(
      `INSERT INTO session (token, user_id, expires_at)
       SELECT token, user_id, now() + interval '1 day' FROM unnest($1::text[], $2::text[]) AS t(token, user_id)`,
      [tokens, users],
    );
    await client.query(
      "INSERT INTO room (id, name) SELECT id, id FROM unnest($1::text[]) AS t(id)",
      [m.rooms],
    );
    await client.query(
      "INSERT INTO room_member (room_id, user_id) SELECT * FROM unnest($1::text[], $2::text[])",
      [m.memberRooms, m.memberUsers],
    );
  } finally {
    await client.end();
  }
  return roomOf.map((room, i): ClientSpec => ({ token: tokens[i] ?? "", rooms: [room] }));
}

/**
 * PostgreSQL's CPU for this run's database only: its backends (the server's pool, found in
 * pg_stat_activity) and the cluster's background processes (WAL writer, checkpointer,
 * background writer, autovacuum), without other databases' backends. On a shared machine
 * the cluster-wide figure also holds whatever else uses PostgreSQL at the time; this one is
 * shown beside it as a check (a backend that exits inside the window is missed).
 */
class DatabaseCpu {
  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  static async open(databaseUrl: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    // Dropping the database at the end ends this connection too: nothing to report then.
    client.on("error", () => undefined);
    await client.connect();
    const { rows } = await client.query<{ db: string }>("SELECT current_database() AS db");
    return new DatabaseCpu(client, rows[0]?.db ?? "");
  }

  private async pids() {
    const { rows } = await this.client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE (datname = $1 OR backend_type <> 'client backend') AND pid <> pg_backend_pid()`,
      [this.database],
    );
    return rows.map((r) => r.pid);
  }

  /** Starts a window; the returned function ends it with the CPU seconds spent in it. */
  async start() {
    const before = new Map((await this.pids()).map((pid) => [pid, cpuSeconds(pid)]));
    return async () => {
      let sum = 0;
      for (const pid of await this.pids()) sum += cpuSeconds(pid) - (before.get(pid) ?? 0);
      return sum;
    };
  }

  close() {
    return this.client.end();
  }
}

async function redisPid(): Promise<number | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    const info = await redis.info("server");
    const pid = /process_id:(\d+)/.exec(info)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

function sumStatus(reports: (SendStatus | null)[]): SendStatus {
  const sum: SendStatus = {
    senders: 0,
    sent: 0,
    dropped: 0,
    skippedBehind: 0,
    answered: 0,
    failed: 0,
  };
  for (const r of reports) {
    if (!r) continue;
    sum.senders += r.senders;
    sum.sent += r.sent;
    sum.dropped += r.dropped;
    sum.skippedBehind += r.skippedBehind;
    sum.answered += r.answered;
    sum.failed += r.failed;
    sum.firstError ??= r.firstError;
  }
  return sum;
}

/** Sends still unanswered after pacing stopped: wait for them (at most `maxMs`). */
async function settle(pool: WorkerPool, maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const s = sumStatus(await pool.all<SendStatus | null>({ cmd: "sendStatus" }));
    if (s.answered + s.failed >= s.sent || Date.now() > deadline) return s;
    await sleep(200);
  }
}

/**
 * One rate on one server: pace the sends, warm up, measure a window, stop and settle. Only
 * the members in rooms starting `roomPrefix` send (an interleaved run has both servers'
 * members connected); the window's latencies come back beside its row, to be pooled.
 */
async function measureRate(options: {
  server: RunningServer;
  kind: SendServer;
  via: SendVia;
  pool: WorkerPool;
  roomSize: number;
  roomPrefix: string;
  rate: number;
  warmupMs: number;
  windowMs: number;
  postgres: { cluster: PostgresCpu; own: DatabaseCpu } | null;
  redis: number | null;
  round: number;
  /** How long no message may arrive before the window's backlog counts as gone (1 s). */
  quietMs?: number;
}): Promise<{ row: SendPathRow; histogram: Histogram }> {
  const { server, pool, rate } = options;
  const workers = pool.pids.length;
  const transport: SendTransport = options.via === "http" ? "http" : "socket";
  await pool.all({
    cmd: "sendStart",
    transport,
    perSecond: rate / workers,
    roomPrefix: options.roomPrefix,
    origin: server.origin,
  });
  try {
    await sleep(options.warmupMs);
    await pool.all({ cmd: "reset" });
    const before = sumStatus(await pool.all<SendStatus | null>({ cmd: "sendStatus" }));
    const pg0 = options.postgres?.cluster.seconds() ?? Number.NaN;
    const own = await options.postgres?.own.start();
    const stop = cpuWindow({
      server: server.pid,
      generator: [process.pid, ...pool.pids],
      redis: options.redis,
    });
    await sleep(options.windowMs);
    const cpu = stop();
    const postgresCpuS = options.postgres ? options.postgres.cluster.seconds() - pg0 : null;
    const postgresOwnCpuS = own ? await own() : null;
    const after = sumStatus(await pool.all<SendStatus | null>({ cmd: "sendStatus" }));
    const { deliveries, histogram } = await pool.deliveries();
    await pool.all({ cmd: "sendStop" });
    const settled = await settle(pool);
    await pool.drain(60_000, options.quietMs);
    const sends = after.sent - before.sent;
    // Per CPU-second counts the sends the server completed (answered) in the window.
    const answered = after.answered - before.answered;
    const pathCpuS = cpu.serverCpuS + (postgresCpuS ?? 0) + (cpu.redisCpuS ?? 0);
    const row: SendPathRow = {
      round: options.round,
      server: options.kind,
      via: options.via,
      roomSize: options.roomSize,
      offeredPerSecond: rate,
      sentPerSecond: sends / cpu.windowS,
      dropped: settled.dropped,
      skippedBehind: settled.skippedBehind,
      failed: settled.failed + (settled.sent - settled.answered - settled.failed),
      ...(settled.firstError ? { firstError: settled.firstError } : {}),
      deliveries,
      deliveriesPerSecond: deliveries / cpu.windowS,
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      serverCpuS: cpu.serverCpuS,
      postgresCpuS,
      postgresOwnCpuS,
      redisCpuS: cpu.redisCpuS,
      pathCpuS,
      answeredPerSecond: answered / cpu.windowS,
      sendsPerCpuS: answered / pathCpuS,
      deliveriesPerCpuS: deliveries / pathCpuS,
      generatorCpuS: cpu.generatorCpuS,
      otherOnServerCoreS: cpu.otherOnServerCoreS,
      windowS: cpu.windowS,
    };
    return { row, histogram };
  } finally {
    await pool.all({ cmd: "sendStop" });
  }
}

/** Something else ran on the server core during the window: its figures are suspect. */
const busyWarning = (r: SendPathRow) => {
  const share = r.otherOnServerCoreS / r.windowS;
  return share > 0.15
    ? ` (WARNING: ${Math.round(share * 100)} % of the server core was busy with other work)`
    : "";
};

function logRow(log: Log, r: SendPathRow) {
  log(
    `  ${SEND_SERVER_LABEL[r.server]} over ${SEND_VIA_LABEL[r.via]} at ${r.offeredPerSecond} sends/s -> ` +
      `${Math.round(r.sentPerSecond)} sent/s, ${Math.round(r.deliveriesPerSecond)} deliveries/s, ` +
      `p50 / p99 ${r.p50Ms.toFixed(2)} / ${r.p99Ms.toFixed(2)} ms, ` +
      `${Math.round(r.sendsPerCpuS)} sends per CPU-s (server ${r.serverCpuS.toFixed(2)}, ` +
      `PostgreSQL ${r.postgresCpuS?.toFixed(2) ?? "–"} (this database ${r.postgresOwnCpuS?.toFixed(2) ?? "–"}), Redis ${r.redisCpuS?.toFixed(2) ?? "–"} s), ` +
      `${r.failed} failed` +
      (r.skippedBehind > 0 ? `, ${r.skippedBehind} not sent (server behind)` : "") +
      (r.firstError ? ` (first: ${r.firstError.slice(0, 200)})` : "") +
      busyWarning(r),
  );
}

/** Both readings of PostgreSQL's CPU; `close` ends the second one's connection. */
async function postgresCpu(databaseUrl: string) {
  const cluster = await PostgresCpu.find(databaseUrl);
  if (!cluster) throw new Error("could not find the PostgreSQL postmaster's process");
  const own = await DatabaseCpu.open(databaseUrl);
  const close = onCleanup("PostgreSQL CPU reader", () => own.close());
  return { cluster, own, close };
}

/**
 * A server of one kind, ready to measure: running, its members signed in and in their rooms
 * (not yet connected), its CPU readers open. `close` stops and removes all of it.
 */
interface Prepared {
  kind: SendServer;
  server: RunningServer;
  specs: ClientSpec[];
  vias: SendVia[];
  rates: number[];
  /** Its members' rooms start with this (`measureRate`'s `roomPrefix`). */
  roomPrefix: string;
  postgres: { cluster: PostgresCpu; own: DatabaseCpu } | null;
  redis: number | null;
  close(): Promise<void>;
}

/**
 * Runs `steps` in order, each adding what undoes it; if one fails, what was done is undone
 * (last first) and the error goes on. Answers what the steps built, with the undo of all of it
 * as its `close`.
 */
async function preparing(
  steps: (undo: (step: () => Promise<unknown>) => void) => Promise<Omit<Prepared, "close">>,
): Promise<Prepared> {
  const undos: (() => Promise<unknown>)[] = [];
  const close = async () => {
    while (undos.length > 0) await undos.pop()?.();
  };
  try {
    return { ...(await steps((step) => undos.push(step))), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Ours on PostgreSQL + Redis; as "ours-b", the build at BENCH_SERVER_ENTRY_B. */
async function prepareOurs(
  opts: SendPathOptions,
  kind: "ours" | "ours-b" = "ours",
): Promise<Prepared> {
  const rooms = kind === "ours" ? OURS_ROOMS : OURS_B_ROOMS;
  const entry = kind === "ours-b" ? process.env.BENCH_SERVER_ENTRY_B : undefined;
  if (kind === "ours-b" && !entry) throw new Error("ours-b needs BENCH_SERVER_ENTRY_B");
  const roomOf = layout(opts.clients, opts.roomSize, rooms);
  return preparing(async (undo) => {
    const services = await createServices();
    undo(() => services.drop());
    const server = await startOurs({ services, ...(entry ? { entry } : {}) });
    undo(() => server.stop());
    const guests = await signInGuests({
      baseUrl: server.origin,
      origin: server.origin,
      count: roomOf.length,
      ipBlock: 40,
      concurrency: 50,
    });
    await insertOursPg(services.databaseUrl, roomOf, guests);
    const postgres = await postgresCpu(services.databaseUrl);
    undo(() => postgres.close());
    return {
      kind,
      server,
      specs: guests.map((g, i) => ({ ...g, rooms: [roomOf[i] ?? ""] })),
      vias: oursVias(opts.transports),
      rates: opts.rates,
      roomPrefix: roomPrefix(rooms, opts.roomSize),
      postgres,
      redis: await redisPid(),
    };
  });
}

async function prepareEmbedded(opts: SendPathOptions): Promise<Prepared> {
  const roomOf = layout(opts.clients, opts.roomSize, OURS_ROOMS);
  return preparing(async (undo) => {
    const dir = tempDir();
    undo(() => removeDir(dir));
    // Sign the guests in on a first server, add their rooms while none runs, start again.
    const first = await startOurs({ dir });
    let guests: Guest[];
    try {
      guests = await signInGuests({
        baseUrl: first.origin,
        origin: first.origin,
        count: roomOf.length,
        ipBlock: 41,
        concurrency: 50,
      });
    } finally {
      await first.stop();
    }
    await insertOursPglite(join(dir, "data", "db"), roomOf, guests);
    const server = await startOurs({ dir });
    undo(() => server.stop());
    return {
      kind: "embedded",
      server,
      specs: guests.map((g, i) => ({ ...g, rooms: [roomOf[i] ?? ""] })),
      vias: oursVias(opts.transports),
      rates: opts.embeddedRates,
      roomPrefix: roomPrefix(OURS_ROOMS, opts.roomSize),
      postgres: null,
      redis: null,
    };
  });
}

/** The baseline's rooms are `rooms`: `bench-s` when its members share the pool with ours'. */
async function prepareBaseline(opts: SendPathOptions, rooms = OURS_ROOMS): Promise<Prepared> {
  const roomOf = layout(opts.clients, opts.roomSize, rooms);
  return preparing(async (undo) => {
    const services = await createServices();
    undo(() => services.drop());
    const server = await startBaseline("socketio-pg", undefined, {
      url: services.databaseUrl,
      membership: opts.membership,
    });
    undo(() => server.stop());
    const specs = await insertBaseline(services.databaseUrl, roomOf);
    const postgres = await postgresCpu(services.databaseUrl);
    undo(() => postgres.close());
    return {
      kind: "socketio-pg",
      server,
      specs,
      vias: ["socket.io"],
      rates: opts.rates,
      roomPrefix: roomPrefix(rooms, opts.roomSize),
      postgres,
      redis: null,
    };
  });
}

const oursVias = (transports: ("http" | "ws")[]): SendVia[] => transports;

/** Connects a prepared server's members (to the sockets already open, if any). */
async function openMembers(p: Prepared, pool: WorkerPool, log: Log) {
  const label = SEND_SERVER_LABEL[p.kind];
  log(`  ${label}: server pid ${p.server.pid} on ${p.server.origin}`);
  const started = Date.now();
  const opened = await pool.open({
    target: p.kind === "socketio-pg" ? "socketio-pg" : "ours",
    url: p.server.socketUrl,
    origin: p.server.origin,
    clients: p.specs,
    concurrency: 50,
  });
  if (opened.failed > 0) {
    throw new Error(`${label}: ${opened.failed} members failed to join: ${opened.firstError}`);
  }
  log(`  ${label}: ${opened.opened} members joined in ${Date.now() - started} ms`);
}

async function warnIfClosed(pool: WorkerPool, log: Log) {
  const status = await pool.status();
  if (status.closed > 0) {
    log(`  WARNING ${status.closed} members were closed: ${JSON.stringify(status.closeCodes)}`);
  }
}

/** One window of `p` at `rate` over `via`. */
const measure = (
  p: Prepared,
  pool: WorkerPool,
  options: {
    via: SendVia;
    rate: number;
    warmupMs: number;
    windowMs: number;
    round: number;
    quietMs?: number;
  },
  roomSize: number,
) =>
  measureRate({
    server: p.server,
    kind: p.kind,
    pool,
    roomSize,
    roomPrefix: p.roomPrefix,
    postgres: p.postgres,
    redis: p.redis,
    ...options,
  });

/** Connects a prepared server's members and measures every (transport, rate) on it, in turn. */
async function measureServer(
  p: Prepared,
  pool: WorkerPool,
  opts: SendPathOptions,
  round: number,
  log: Log,
) {
  await openMembers(p, pool, log);
  const rows: SendPathRow[] = [];
  try {
    for (const via of p.vias) {
      for (const rate of p.rates) {
        const { warmupMs, windowMs } = opts;
        const { row } = await measure(
          p,
          pool,
          { via, rate, warmupMs, windowMs, round },
          opts.roomSize,
        );
        rows.push(row);
        logRow(log, row);
      }
    }
    await warnIfClosed(pool, log);
    return rows;
  } finally {
    await pool.all({ cmd: "closeAll" });
  }
}

const PREPARE: Record<SendServer, (opts: SendPathOptions) => Promise<Prepared>> = {
  ours: (opts) => prepareOurs(opts),
  embedded: prepareEmbedded,
  "socketio-pg": (opts) => prepareBaseline(opts),
  "ours-b": (opts) => prepareOurs(opts, "ours-b"),
};

/**
 * Ours over one transport and the baseline, both running and connected at once, measured in
 * short slices that take turns (ours, baseline, ours, baseline, ...) at the same offered
 * rate. The sandbox's speed drifts by 10-50 % over minutes, which a window of each side
 * minutes apart puts into their ratio; slices seconds apart see the same machine. Strict
 * turns keep each side idle for one slice of the other's (~6 s): a longer wait would let the
 * `pg` pools (idle timeout 10 s) close their connections, and those backends' exits would be
 * counted in the other side's slice. Each slice is a row (its pair is its round, so the
 * report gives each pair's ratio and their median); the pooled figures (all of a side's
 * sends over all of its CPU, its latencies in one histogram) are the result.
 */
/** An interleaved slice's backlog is gone once no message arrived for this long. */
const SLICE_QUIET_MS = 300;

async function runInterleaved(
  opts: SendPathOptions,
  kinds: [SendServer, SendServer],
  pool: WorkerPool,
  log: Log,
) {
  const via: SendVia = opts.transports.includes("ws") ? "ws" : "http";
  const viaOf = (kind: SendServer): SendVia => (kind === "socketio-pg" ? "socket.io" : via);
  const prepareSide = (kind: SendServer) =>
    kind === "socketio-pg" ? prepareBaseline(opts, BASELINE_ROOMS) : PREPARE[kind](opts);
  const rows: SendPathRow[] = [];
  const pooled: InterleavedSide[] = [];
  const first = await prepareSide(kinds[0]);
  try {
    const second = await prepareSide(kinds[1]);
    try {
      await openMembers(first, pool, log);
      await openMembers(second, pool, log);
      const sides = [first, second].map((p) => ({ p, via: viaOf(p.kind) }));
      for (const rate of opts.rates) {
        log(
          `  ${opts.interleave} pairs of ${opts.sliceMs / 1000}-s slices at ${rate} sends/s ` +
            `(each after ${opts.sliceWarmupMs / 1000} s of warm-up): ` +
            sides
              .map((s) => `${SEND_SERVER_LABEL[s.p.kind]} over ${SEND_VIA_LABEL[s.via]}`)
              .join(", then "),
        );
        // A first, unmeasured stretch for each side: its code warms up as in a window's warm-up.
        for (const side of sides) {
          const warm = { via: side.via, rate, round: 0, warmupMs: 0, windowMs: opts.warmupMs };
          await measure(side.p, pool, warm, opts.roomSize);
        }
        const totals = sides.map((side) => ({
          side,
          rows: [] as SendPathRow[],
          histogram: new Histogram(),
        }));
        for (let pair = 1; pair <= opts.interleave; pair++) {
          for (const total of totals) {
            const { row, histogram } = await measure(
              total.side.p,
              pool,
              {
                via: total.side.via,
                rate,
                round: pair,
                warmupMs: opts.sliceWarmupMs,
                windowMs: opts.sliceMs,
                quietMs: SLICE_QUIET_MS,
              },
              opts.roomSize,
            );
            total.rows.push(row);
            total.histogram.merge(histogram.toSparse(), histogram.max);
            rows.push(row);
          }
        }
        for (const total of totals) {
          const side = pooledSide(
            total.side.p.kind,
            total.side.via,
            rate,
            total.rows,
            total.histogram,
          );
          pooled.push(side);
          log(
            `  ${SEND_SERVER_LABEL[side.server]} over ${SEND_VIA_LABEL[side.via]} at ${rate} sends/s, pooled over ${total.rows.length} slices: ` +
              `${Math.round(side.sendsPerCpuS)} sends per CPU-s (server ${side.serverCpuS.toFixed(2)}, ` +
              `PostgreSQL ${side.postgresCpuS?.toFixed(2) ?? "–"}, Redis ${side.redisCpuS?.toFixed(2) ?? "–"} s), ` +
              `p50 / p99 ${side.p50Ms.toFixed(2)} / ${side.p99Ms.toFixed(2)} ms, ${side.failed} failed`,
          );
        }
      }
      await warnIfClosed(pool, log);
    } finally {
      await pool.all({ cmd: "closeAll" });
      await second.close();
    }
  } finally {
    await first.close();
  }
  return { rows, pooled };
}

/** A side of an interleaved run, all its slices together. */
export interface InterleavedSide {
  server: SendServer;
  via: SendVia;
  offeredPerSecond: number;
  slices: number;
  windowS: number;
  answered: number;
  deliveries: number;
  failed: number;
  serverCpuS: number;
  postgresCpuS: number | null;
  redisCpuS: number | null;
  pathCpuS: number;
  sendsPerCpuS: number;
  deliveriesPerCpuS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Every slice sent ≥ 98 % of the offered rate and delivered ≥ 98 % of what that asks. */
  sustained: boolean;
}

function pooledSide(
  server: SendServer,
  via: SendVia,
  rate: number,
  rows: SendPathRow[],
  histogram: Histogram,
): InterleavedSide {
  const sum = (f: (r: SendPathRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const orNull = (f: (r: SendPathRow) => number | null) =>
    rows.some((r) => f(r) !== null) ? sum((r) => f(r) ?? 0) : null;
  const pathCpuS = sum((r) => r.pathCpuS);
  const answered = sum((r) => r.answeredPerSecond * r.windowS);
  const deliveries = sum((r) => r.deliveries);
  return {
    server,
    via,
    offeredPerSecond: rate,
    slices: rows.length,
    windowS: sum((r) => r.windowS),
    answered,
    deliveries,
    failed: sum((r) => r.failed),
    serverCpuS: sum((r) => r.serverCpuS),
    postgresCpuS: orNull((r) => r.postgresCpuS),
    redisCpuS: orNull((r) => r.redisCpuS),
    pathCpuS,
    sendsPerCpuS: answered / pathCpuS,
    deliveriesPerCpuS: deliveries / pathCpuS,
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    sustained: rows.every(
      (r) =>
        r.sentPerSecond >= 0.98 * r.offeredPerSecond &&
        r.deliveriesPerSecond >= 0.98 * r.offeredPerSecond * r.roomSize,
    ),
  };
}

export async function runSendPath(
  opts: SendPathOptions,
  pool: WorkerPool,
  log: Log,
): Promise<SendPathResult> {
  const rows: SendPathRow[] = [];
  let interleaved: SendPathResult["interleaved"];
  const servers = opts.interleave > 0 ? opts.servers.filter((s) => s === "embedded") : opts.servers;
  if (opts.interleave > 0) {
    const [a, b, ...more] = opts.servers.filter((s) => s !== "embedded");
    if (!a || !b || more.length > 0 || a === b) {
      throw new Error(
        "--send-interleave takes two of ours, socketio-pg and ours-b in --send-servers (and embedded, run after)",
      );
    }
    const run = await runInterleaved(opts, [a, b], pool, log);
    rows.push(...run.rows);
    interleaved = {
      pairs: opts.interleave,
      sliceS: opts.sliceMs / 1000,
      sliceWarmupS: opts.sliceWarmupMs / 1000,
      sides: run.pooled,
    };
  }
  for (let round = 1; round <= opts.rounds && servers.length > 0; round++) {
    if (opts.rounds > 1) log(`  round ${round} of ${opts.rounds}`);
    // Every other round in the opposite order, so a steady drift weighs on both sides alike.
    const order = round % 2 === 1 ? servers : [...servers].reverse();
    for (const server of order) {
      const p = await PREPARE[server](opts);
      try {
        rows.push(...(await measureServer(p, pool, opts, round, log)));
      } finally {
        await p.close();
      }
    }
  }
  return {
    clients: opts.clients,
    roomSize: opts.roomSize,
    membership: opts.membership,
    rounds: opts.rounds,
    ...(interleaved ? { interleaved } : {}),
    rows,
  };
}
