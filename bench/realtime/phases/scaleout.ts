import { PostgresCpu } from "../../admin/postgres";
import { signInGuests } from "../clients";
import type { WorkerPool } from "../pool";
import { coreBusySeconds, cpuSeconds, SERVER_CORE, sleep, totalCpuSeconds } from "../proc";
import type { ClientSpec } from "../protocol";
import { createPublisher, Pacer } from "../publisher";
import { createServices, startOurs, type OurServer } from "../servers";
import { insertRooms, layout, redisPid } from "./fanout";

export interface ScaleoutOptions {
  /** Receivers; each is in one room of every size. */
  clients: number;
  roomSizes: number[];
  /** Offered deliveries per second. */
  rates: number[];
  warmupMs: number;
  windowMs: number;
  /**
   * One process then two, this many times over (the two are compared over all rounds), so
   * that a quieter or busier minute of the machine does not fall on one side only.
   */
  rounds: number;
  /**
   * Pairs of interleaved slices (0: none, rounds as above): one process and two both running
   * at once, each with its own receivers, database and Redis prefix, measured in turns of
   * `sliceMs` after `sliceWarmupMs` each (runInterleaved).
   */
  interleave: number;
  sliceMs: number;
  sliceWarmupMs: number;
  /**
   * The interleaved run's two sides, each a number of processes, with "b" for the build at
   * BENCH_SERVER_ENTRY_B ("1,2" by default; "2,2b" compares two builds on two processes).
   */
  sides: string[];
}

export interface ScaleoutRow {
  /** 1, 2, ...: the rounds alternate one process and two. */
  round: number;
  /** An interleaved run's side ("1", "2", "2b": processes, b for BENCH_SERVER_ENTRY_B). */
  side?: string;
  /** Server processes sharing the PostgreSQL database and the Redis prefix. */
  processes: number;
  roomSize: number;
  offeredPerSecond: number;
  achievedPerSecond: number;
  broadcasts: number;
  deliveries: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Every server process's CPU in the window, in the order they were started. */
  processCpuS: number[];
  serverCpuS: number;
  redisCpuS: number;
  postgresCpuS: number;
  /** Server processes + Redis + the PostgreSQL cluster. */
  totalCpuS: number;
  deliveriesPerCpuS: number;
  deliveriesPerServerCpuS: number;
  generatorCpuS: number;
  /** Busy time of the server core not spent by the server processes (Redis, kernel, others). */
  otherOnServerCoreS: number;
  windowS: number;
}

export interface ScaleoutResult {
  clients: number;
  rounds: number;
  rows: ScaleoutRow[];
  /** An interleaved run: its slices are the rows, each pair of them a round. */
  interleaved?: { pairs: number; sliceS: number; sliceWarmupS: number; sides: string[] };
}

type Log = (line: string) => void;

const ms = (us: number) => us / 1000;

/** A window's CPU of the server processes, Redis, PostgreSQL, the generator and the server core. */
function cpuWindow(options: {
  servers: number[];
  generator: number[];
  redis: number | null;
  postgres: PostgresCpu | null;
}) {
  const startedAt = process.hrtime.bigint();
  const servers = options.servers.map(cpuSeconds);
  const generator = totalCpuSeconds(options.generator);
  const core = coreBusySeconds(SERVER_CORE);
  const redis = options.redis ? cpuSeconds(options.redis) : Number.NaN;
  const postgres = options.postgres?.seconds() ?? Number.NaN;
  return () => {
    const processCpuS = options.servers.map((pid, i) => cpuSeconds(pid) - (servers[i] ?? 0));
    const serverCpuS = processCpuS.reduce((a, b) => a + b, 0);
    return {
      windowS: Number(process.hrtime.bigint() - startedAt) / 1e9,
      processCpuS,
      serverCpuS,
      generatorCpuS: totalCpuSeconds(options.generator) - generator,
      otherOnServerCoreS: Math.max(0, coreBusySeconds(SERVER_CORE) - core - serverCpuS),
      redisCpuS: options.redis ? cpuSeconds(options.redis) - redis : Number.NaN,
      postgresCpuS: (options.postgres?.seconds() ?? Number.NaN) - postgres,
    };
  };
}

/** Signs in a guest per receiver on `server` and puts them in their rooms (the specs get them). */
async function seatGuests(
  server: OurServer,
  databaseUrl: string,
  specs: ClientSpec[],
  ipBlock: number,
) {
  const guests = await signInGuests({
    baseUrl: server.origin,
    origin: server.origin,
    count: specs.length,
    ipBlock,
    concurrency: 50,
  });
  await insertRooms(databaseUrl, guests, specs);
  guests.forEach((guest, i) => {
    const spec = specs[i];
    if (spec) Object.assign(spec, guest);
  });
}

/** A window's figures for the progress log. */
const figuresOf = (row: ScaleoutRow) =>
  `${Math.round(row.achievedPerSecond)}/s, p99 ${row.p99Ms.toFixed(2)} ms, ` +
  `${Math.round(row.deliveriesPerCpuS)} per CPU-s (servers ` +
  `${row.processCpuS.map((c) => c.toFixed(2)).join(" + ")}, Redis ` +
  `${row.redisCpuS.toFixed(2)}, PostgreSQL ${row.postgresCpuS.toFixed(2)})`;

async function warnIfClosed(pool: WorkerPool, log: Log) {
  const status = await pool.status();
  if (status.closed > 0) {
    log(`  WARNING ${status.closed} receivers were closed: ${JSON.stringify(status.closeCodes)}`);
  }
}

/**
 * Every client on one process, or client i on process i mod n: with rooms of consecutive
 * clients, every room then has members on every process.
 */
async function openSpread(
  pool: WorkerPool,
  servers: OurServer[],
  origin: string,
  specs: ClientSpec[],
) {
  const results = [];
  for (const [p, server] of servers.entries()) {
    results.push(
      await pool.open({
        target: "ours",
        url: server.socketUrl,
        origin,
        clients: specs.filter((_, i) => i % servers.length === p),
        concurrency: 50,
      }),
    );
  }
  const failed = results.reduce((s, r) => s + r.failed, 0);
  if (failed > 0) {
    const first = results.find((r) => r.firstError)?.firstError;
    throw new Error(`scale-out: ${failed} clients failed to join: ${first}`);
  }
  return results.reduce((s, r) => s + r.opened, 0);
}

/**
 * Scale-out overhead (issue 15 item 3). The same receivers, rooms, rates and trigger (a Redis
 * PUBLISH of the bytes a peer's message.send publishes) against one ChatSphere process, then
 * against two processes on the same PostgreSQL database and Redis prefix with the receivers
 * spread over both (every room has members on each). Both processes run on the server core,
 * so the two share the one process's CPU budget. Deliveries are counted per CPU-second of
 * everything on the path: the server process(es), Redis and the PostgreSQL cluster.
 */
export async function runScaleout(
  options: ScaleoutOptions,
  pool: WorkerPool,
  log: Log,
): Promise<ScaleoutResult> {
  if (options.interleave > 0) return runInterleaved(options, pool, log);
  const { rooms, specs } = layout(options.clients, options.roomSizes);
  const services = await createServices();
  const servers: OurServer[] = [];
  try {
    const first = await startOurs({ services });
    servers.push(first);
    log(`  process 1: pid ${first.pid} on ${first.origin}`);
    await seatGuests(first, services.databaseUrl, specs, 40);
    const redis = await redisPid();
    const postgres = await PostgresCpu.find(services.databaseUrl);
    const rows: ScaleoutRow[] = [];
    const runs = Array.from({ length: Math.max(1, options.rounds) }, (_, r) =>
      [1, 2].map((processes) => ({ round: r + 1, processes })),
    ).flat();
    for (const { round, processes } of runs) {
      while (servers.length < processes) {
        const next = await startOurs({ services, publicUrl: first.origin });
        servers.push(next);
        log(`  process ${servers.length}: pid ${next.pid} on ${next.origin}`);
      }
      // A second process started for an earlier round stays up (idle, no sockets) meanwhile.
      const active = servers.slice(0, processes);
      const started = Date.now();
      const opened = await openSpread(pool, active, first.origin, specs);
      log(
        `  round ${round}, ${processes} process(es): ${opened} receivers joined in ` +
          `${Date.now() - started} ms`,
      );
      try {
        for (const roomSize of options.roomSizes) {
          for (const rate of options.rates) {
            const row = await measure({
              server: first,
              round,
              processes,
              pids: active.map((s) => s.pid),
              pool,
              prefix: services.redisPrefix,
              rooms: rooms.get(roomSize) ?? [],
              roomSize,
              rate,
              warmupMs: options.warmupMs,
              windowMs: options.windowMs,
              redis,
              postgres,
            });
            rows.push(row);
            log(
              `  round ${round}, ${processes} process(es): rooms of ${roomSize} at ${rate}/s -> ` +
                figuresOf(row),
            );
          }
        }
        await warnIfClosed(pool, log);
      } finally {
        await pool.all({ cmd: "closeAll" });
      }
    }
    return { clients: options.clients, rounds: Math.max(1, options.rounds), rows };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await services.drop();
  }
}

/** A set of processes on one database and Redis prefix, with its own receivers. */
interface Side {
  label: string;
  processes: number;
  servers: OurServer[];
  services: Awaited<ReturnType<typeof createServices>>;
  specs: ClientSpec[];
}

async function prepareSide(
  label: string,
  clients: number,
  roomSizes: number[],
  log: Log,
  sides: number,
) {
  const match = /^(\d+)(b?)$/.exec(label);
  const processes = Number(match?.[1] ?? 0);
  if (!match || processes < 1)
    throw new Error(`--scaleout-sides: "${label}" is not like 1, 2 or 2b`);
  const entry = match[2] ? process.env.BENCH_SERVER_ENTRY_B : undefined;
  if (match[2] && !entry) throw new Error(`side ${label} needs BENCH_SERVER_ENTRY_B`);
  const { specs } = layout(clients, roomSizes);
  const services = await createServices();
  const side: Side = { label, processes, servers: [], services, specs };
  try {
    const first = await startOurs({ services, entry });
    side.servers.push(first);
    while (side.servers.length < processes) {
      side.servers.push(await startOurs({ services, publicUrl: first.origin, entry }));
    }
    log(`  side ${label}: pids ${side.servers.map((s) => s.pid).join(", ")}`);
    await seatGuests(first, services.databaseUrl, specs, 40 + sides);
    return side;
  } catch (error) {
    await closeSide(side);
    throw error;
  }
}

async function closeSide(side: Side) {
  for (const server of [...side.servers].reverse()) await server.stop();
  await side.services.drop();
}

/** An interleaved slice's backlog is gone once no message arrived for this long. */
const SLICE_QUIET_MS = 300;

/**
 * One process and two, both running and their receivers connected at once (each side with
 * its own database and Redis prefix, so neither hears the other), measured in short slices
 * that take turns at the same offered rate and trigger. Rounds minutes apart put the
 * sandbox's drift into the ratio (0.78-0.96 for the same build in single rounds on the
 * twentieth sandbox); slices seconds apart see the same machine. The idle side's processes
 * are on the server core too but do nothing; only the measured side's CPU, Redis's and
 * PostgreSQL's are counted in its slice.
 */
async function runInterleaved(
  options: ScaleoutOptions,
  pool: WorkerPool,
  log: Log,
): Promise<ScaleoutResult> {
  const { rooms } = layout(options.clients, options.roomSizes);
  const redis = await redisPid();
  const sides: Side[] = [];
  try {
    for (const label of options.sides) {
      sides.push(await prepareSide(label, options.clients, options.roomSizes, log, sides.length));
    }
    const postgres = await PostgresCpu.find(sides[0]?.services.databaseUrl ?? "");
    for (const side of sides) {
      const opened = await openSpread(
        pool,
        side.servers,
        side.servers[0]?.origin ?? "",
        side.specs,
      );
      log(`  side ${side.label}: ${opened} receivers joined`);
    }
    const rows: ScaleoutRow[] = [];
    for (const roomSize of options.roomSizes) {
      for (const rate of options.rates) {
        const slice = (side: Side, round: number, warmupMs: number, windowMs: number) =>
          measure({
            server: side.servers[0] as OurServer,
            round,
            processes: side.processes,
            pids: side.servers.map((s) => s.pid),
            pool,
            prefix: side.services.redisPrefix,
            rooms: rooms.get(roomSize) ?? [],
            roomSize,
            rate,
            warmupMs,
            windowMs,
            redis,
            postgres,
            quietMs: SLICE_QUIET_MS,
          });
        // A first, unmeasured stretch for each side: its code warms up.
        for (const side of sides) await slice(side, 0, 0, options.warmupMs);
        for (let pair = 1; pair <= options.interleave; pair++) {
          for (const side of sides) {
            const row = await slice(side, pair, options.sliceWarmupMs, options.sliceMs);
            rows.push({ ...row, side: side.label });
            log(
              `  pair ${pair}, side ${side.label}: rooms of ${roomSize} at ${rate}/s -> ` +
                figuresOf(row),
            );
          }
        }
      }
    }
    await warnIfClosed(pool, log);
    return {
      clients: options.clients,
      rounds: options.interleave,
      rows,
      interleaved: {
        pairs: options.interleave,
        sliceS: options.sliceMs / 1000,
        sliceWarmupS: options.sliceWarmupMs / 1000,
        sides: options.sides,
      },
    };
  } finally {
    await pool.all({ cmd: "closeAll" });
    for (const side of sides.reverse()) await closeSide(side);
  }
}

async function measure(options: {
  server: OurServer;
  round: number;
  processes: number;
  pids: number[];
  pool: WorkerPool;
  prefix: string;
  rooms: string[];
  roomSize: number;
  rate: number;
  warmupMs: number;
  windowMs: number;
  redis: number | null;
  postgres: PostgresCpu | null;
  /** How long no message must arrive before the window's backlog counts as drained. */
  quietMs?: number;
}): Promise<ScaleoutRow> {
  const { pool, roomSize, rate } = options;
  // Ours' trigger is a Redis PUBLISH: every process with a member of the room receives it.
  const publisher = await createPublisher(options.server, options.prefix);
  const pacer = new Pacer(rate / roomSize, options.rooms, (room, seq) =>
    publisher.publish(room, seq),
  );
  pacer.start();
  try {
    await sleep(options.warmupMs);
    await pool.all({ cmd: "reset" });
    const sent0 = pacer.sent;
    const stop = cpuWindow({
      servers: options.pids,
      generator: [process.pid, ...pool.pids],
      redis: options.redis,
      postgres: options.postgres,
    });
    await sleep(options.windowMs);
    const cpu = stop();
    const broadcasts = pacer.sent - sent0;
    const { deliveries, histogram } = await pool.deliveries();
    const totalCpuS = cpu.serverCpuS + (cpu.redisCpuS || 0) + (cpu.postgresCpuS || 0);
    return {
      round: options.round,
      processes: options.processes,
      roomSize,
      offeredPerSecond: rate,
      achievedPerSecond: deliveries / cpu.windowS,
      broadcasts,
      deliveries,
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      processCpuS: cpu.processCpuS,
      serverCpuS: cpu.serverCpuS,
      redisCpuS: cpu.redisCpuS,
      postgresCpuS: cpu.postgresCpuS,
      totalCpuS,
      deliveriesPerCpuS: deliveries / totalCpuS,
      deliveriesPerServerCpuS: deliveries / cpu.serverCpuS,
      generatorCpuS: cpu.generatorCpuS,
      otherOnServerCoreS: cpu.otherOnServerCoreS,
      windowS: cpu.windowS,
    };
  } finally {
    pacer.stop();
    await pool.drain(60_000, options.quietMs);
    await publisher.close();
  }
}
