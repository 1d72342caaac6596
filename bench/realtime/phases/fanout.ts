import { Redis } from "ioredis";
import pg from "pg";
import { signInGuests, type Guest } from "../clients";
import { sleep, type CpuWindow } from "../proc";
import { TARGET_LABEL, type ClientSpec, type Target } from "../protocol";
import { createPublisher, Pacer } from "../publisher";
import {
  createServices,
  REDIS_URL,
  startBaseline,
  startOurs,
  type RunningServer,
  type Services,
} from "../servers";
import type { TailProfile } from "../sched-trace";
import type { Histogram } from "../stats";
import type { WorkerPool } from "../pool";
import { measureFullSend, type FullSendRow } from "./full-send";
import { measureWindow } from "./window";

export interface FanoutOptions {
  targets: Target[];
  /** Receivers; each is in one room of every size. */
  clients: number;
  roomSizes: number[];
  /** Offered deliveries per second (broadcasts per second times the room size). */
  rates: number[];
  warmupMs: number;
  windowMs: number;
  /** Full send path (ours): message.send calls per second into rooms of 100 (0: skip). */
  sendRate: number;
  /** Profile where each window's latency went (sched-trace.ts). */
  schedTrace: boolean;
}

export interface FanoutRow {
  target: Target;
  roomSize: number;
  offeredPerSecond: number;
  achievedPerSecond: number;
  broadcasts: number;
  /** Deliveries the broadcasts of the window should make; `deliveries` is what arrived. */
  expected: number;
  deliveries: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  serverCpuS: number;
  deliveriesPerServerCpuS: number;
  generatorCpuS: number;
  /** Busy time of the server core not spent by the server (Redis, kernel, other processes). */
  otherOnServerCoreS: number;
  /** Ours only: the Redis server's CPU in the window (it is not pinned). */
  redisCpuS: number | null;
  windowS: number;
  /** With --sched-trace: where the deliveries' time went. */
  profile?: TailProfile;
}

export type { FullSendRow };

export interface FanoutResult {
  rows: FanoutRow[];
  fullSend: FullSendRow | null;
}

type Log = (line: string) => void;

export const roomId = (size: number, index: number) => `bench-r${size}-${index}`;

/** Client i sits in room floor(i / size) of every size (the last room may be smaller: avoided). */
export function layout(clients: number, roomSizes: number[]) {
  const rooms = new Map<number, string[]>();
  for (const size of roomSizes) {
    rooms.set(
      size,
      Array.from({ length: Math.floor(clients / size) }, (_, i) => roomId(size, i)),
    );
  }
  const specs: ClientSpec[] = Array.from({ length: clients }, (_, i) => ({
    rooms: roomSizes
      .filter((size) => i < (rooms.get(size)?.length ?? 0) * size)
      .map((size) => roomId(size, Math.floor(i / size))),
  }));
  return { rooms, specs };
}

/** Room rows and memberships straight into the bench database (a fixture, like a seed). */
export async function insertRooms(databaseUrl: string, guests: Guest[], specs: ClientSpec[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const owners = new Map<string, string>();
    const members: [string, string][] = [];
    specs.forEach((spec, i) => {
      const guest = guests[i];
      if (!guest) return;
      for (const room of spec.rooms) {
        if (!owners.has(room)) owners.set(room, guest.userId);
        members.push([room, guest.userId]);
      }
    });
    const roomIds = [...owners.keys()];
    await client.query(
      `INSERT INTO room (id, name, kind, owner_id)
       SELECT id, id, 'user', owner FROM unnest($1::text[], $2::text[]) AS t(id, owner)`,
      [roomIds, roomIds.map((id) => owners.get(id))],
    );
    await client.query(
      `INSERT INTO room_member (room_id, user_id)
       SELECT * FROM unnest($1::text[], $2::text[])`,
      [members.map((m) => m[0]), members.map((m) => m[1])],
    );
  } finally {
    await client.end();
  }
}

/**
 * Waits (at most `maxMs`) until no connection to the bench database is open but this one. The
 * fan-out's trigger does not touch the database, but the sign-ins and joins before it leave the
 * server's pool with ten connections that close together when their idle timeout (10 s) runs
 * out, and the first flush of the day's activity (every user active today) follows the joins;
 * ten backends exiting at once took ~0.2 s of the two cores, in the measured window (the
 * twenty-first sandbox's scheduler traces, bench/README.md). It looks only after the first
 * flush is due (ACTIVITY_FLUSH_MS, 5 s), whose connection then stays open until it idles out.
 * Returns the milliseconds waited.
 */
export async function databaseQuiet(databaseUrl: string, maxMs = 60_000): Promise<number> {
  const started = Date.now();
  await sleep(6_000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.open ?? 0) === 0 || Date.now() - started > maxMs) break;
      await sleep(250);
    }
    return Date.now() - started;
  } finally {
    await client.end();
  }
}

export async function redisPid(): Promise<number | null> {
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

const ms = (us: number) => us / 1000;

async function measureBroadcasts(options: {
  server: RunningServer;
  pool: WorkerPool;
  services: Services | null;
  rooms: string[];
  roomSize: number;
  rate: number;
  warmupMs: number;
  windowMs: number;
  redis: number | null;
  schedTrace: boolean;
}): Promise<FanoutRow> {
  const { server, pool, roomSize, rate } = options;
  const publisher = await createPublisher(server, options.services?.redisPrefix);
  const pacer = new Pacer(rate / roomSize, options.rooms, (room, seq) =>
    publisher.publish(room, seq),
  );
  pacer.start();
  try {
    const window = await measureWindow({ ...options, pacer });
    const { sent: broadcasts, deliveries, histogram, cpu, profile } = window;
    const result = row(server.target, roomSize, rate, broadcasts, deliveries, histogram, cpu);
    return profile ? { ...result, profile } : result;
  } finally {
    pacer.stop();
    await pool.drain();
    await publisher.close();
  }
}

function row(
  target: Target,
  roomSize: number,
  rate: number,
  broadcasts: number,
  deliveries: number,
  histogram: Histogram,
  cpu: CpuWindow,
): FanoutRow {
  return {
    target,
    roomSize,
    offeredPerSecond: rate,
    achievedPerSecond: deliveries / cpu.windowS,
    broadcasts,
    expected: broadcasts * roomSize,
    deliveries,
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    serverCpuS: cpu.serverCpuS,
    deliveriesPerServerCpuS: deliveries / cpu.serverCpuS,
    generatorCpuS: cpu.generatorCpuS,
    otherOnServerCoreS: cpu.otherOnServerCoreS,
    redisCpuS: cpu.redisCpuS,
    windowS: cpu.windowS,
  };
}

/** Something else ran on the server core during the window: its figures are suspect. */
const busyWarning = (cpu: { otherOnServerCoreS: number; windowS: number }) => {
  const share = cpu.otherOnServerCoreS / cpu.windowS;
  return share > 0.15
    ? ` (WARNING: ${Math.round(share * 100)} % of the server core was busy with other work)`
    : "";
};

/** Fan-out of one server: open the receivers, then every room size at every rate. */
async function fanoutOf(
  target: Target,
  options: FanoutOptions,
  pool: WorkerPool,
  log: Log,
): Promise<FanoutResult> {
  const { rooms, specs } = layout(options.clients, options.roomSizes);
  let services: Awaited<ReturnType<typeof createServices>> | null = null;
  let server: RunningServer;
  let guests: Guest[] = [];
  if (target === "ours") {
    services = await createServices();
    server = await startOurs({ services });
  } else if (target === "bare-ws-redis") {
    services = await createServices({ database: false });
    server = await startBaseline(target, services.redisPrefix);
  } else {
    server = await startBaseline(target);
  }
  const label = TARGET_LABEL[target];
  try {
    log(`  ${label}: server pid ${server.pid} on ${server.origin}`);
    if (target === "ours") {
      guests = await signInGuests({
        baseUrl: server.origin,
        origin: server.origin,
        count: options.clients,
        ipBlock: 20,
        concurrency: 50,
      });
      await insertRooms(services?.databaseUrl ?? "", guests, specs);
      guests.forEach((guest, i) => {
        const spec = specs[i];
        if (spec) Object.assign(spec, guest);
      });
    }
    const started = Date.now();
    const opened = await pool.open({
      target,
      url: server.socketUrl,
      origin: server.origin,
      clients: specs,
      concurrency: 50,
    });
    if (opened.failed > 0) {
      throw new Error(`${label}: ${opened.failed} clients failed to join: ${opened.firstError}`);
    }
    log(`  ${label}: ${opened.opened} receivers joined in ${Date.now() - started} ms`);
    if (target === "ours" && services) {
      const waited = await databaseQuiet(services.databaseUrl);
      log(`  ${label}: the database's connections closed ${waited} ms after the joins`);
    }
    const redis = services ? await redisPid() : null;
    const rows: FanoutRow[] = [];
    for (const roomSize of options.roomSizes) {
      for (const rate of options.rates) {
        const result = await measureBroadcasts({
          server,
          pool,
          services,
          rooms: rooms.get(roomSize) ?? [],
          roomSize,
          rate,
          warmupMs: options.warmupMs,
          windowMs: options.windowMs,
          redis,
          schedTrace: options.schedTrace,
        });
        rows.push(result);
        log(
          `  ${label}: rooms of ${roomSize} at ${rate}/s -> ${Math.round(result.achievedPerSecond)}/s, ` +
            `p99 ${result.p99Ms.toFixed(2)} ms, ${Math.round(result.deliveriesPerServerCpuS)} per server CPU-s` +
            busyWarning(result),
        );
      }
    }
    let fullSend: FullSendRow | null = null;
    if (target === "ours" && options.sendRate > 0 && options.roomSizes.includes(100)) {
      fullSend = await measureFullSend({
        server,
        pool,
        guests,
        specs,
        roomSize: 100,
        sendRate: options.sendRate,
        warmupMs: options.warmupMs,
        windowMs: options.windowMs,
        redis,
      });
      log(
        `  ${label}: full send path ${fullSend.sendsPerSecond} sends/s -> ` +
          `${Math.round(fullSend.deliveriesPerSecond)} deliveries/s, p99 ${fullSend.p99Ms.toFixed(2)} ms`,
      );
    }
    const status = await pool.status();
    if (status.closed > 0) {
      log(
        `  ${label}: WARNING ${status.closed} receivers were closed: ${JSON.stringify(status.closeCodes)}`,
      );
    }
    return { rows, fullSend };
  } finally {
    await pool.all({ cmd: "closeAll" });
    await server.stop();
    await services?.drop();
  }
}

export async function runFanout(options: FanoutOptions, pool: WorkerPool, log: Log) {
  const result: FanoutResult = { rows: [], fullSend: null };
  for (const target of options.targets) {
    const one = await fanoutOf(target, options, pool, log);
    result.rows.push(...one.rows);
    result.fullSend ??= one.fullSend;
  }
  return result;
}
