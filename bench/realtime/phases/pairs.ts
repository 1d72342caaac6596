import pg from "pg";
import { PostgresCpu } from "../../admin/postgres";
import { signInGuests } from "../clients";
import { coreBusySeconds, cpuSeconds, SERVER_CORE, sleep, totalCpuSeconds } from "../proc";
import type { WorkerPool } from "../pool";
import type { PairsReport } from "../protocol";
import { createServices, startOurs, type OurServer } from "../servers";
import { nowUs } from "../stats";
import { redisPid } from "./fanout";

export interface PairsOptions {
  clients: number;
  warmupMs: number;
  windowMs: number;
  /**
   * 0: the embedded default (PGlite, in-process bus and queue, one process). n ≥ 1: n
   * processes on one PostgreSQL database and Redis prefix (the scale-out configuration), the
   * guests spread over them.
   */
  processes: number;
}

/** After the run, in the PostgreSQL database: each user's stranger rooms, one after another. */
export interface PairsDatabaseCheck {
  rooms: number;
  users: number;
  /** Rooms that began while one of their members was still in an earlier room (0 expected). */
  overlappingRooms: number;
  /** Users with such a room (0 expected). */
  usersInTwoRooms: number;
  /** Stranger rooms without exactly two members (0 expected). */
  roomsWithoutTwoMembers: number;
}

export interface PairsResult {
  /** "embedded" (PGlite, one process) or "redis" (PostgreSQL + Redis). */
  configuration: "embedded" | "redis";
  processes: number;
  clients: number;
  windowS: number;
  pairs: number;
  pairsPerSecond: number;
  /** Rooms only one side heard of (by the end of the run). */
  halfMatched: number;
  /** Rooms more than two guests were told of (0 expected). */
  roomsOfMoreThanTwo: number;
  /** A guest told twice of the same room (counted once). */
  repeatedMatches: number;
  /** The generator's check over the whole run: a guest matched while still in a room (0 expected). */
  doubleMatches: number;
  firstDoubleMatch?: string;
  /** The database's check (PostgreSQL only; null on the embedded default). */
  database: PairsDatabaseCheck | null;
  rpcCalls: number;
  rpcErrors: number;
  firstError?: string;
  /** Every server process's CPU in the window. */
  processCpuS: number[];
  serverCpuS: number;
  serverCpuMsPerPair: number;
  /** PostgreSQL + Redis only. */
  redisCpuS: number | null;
  postgresCpuS: number | null;
  /** Server processes, Redis and PostgreSQL per pair. */
  totalCpuMsPerPair: number;
  generatorCpuS: number;
  otherOnServerCoreS: number;
}

type Log = (line: string) => void;

/**
 * Pairs from every guest's stranger_matched: a room is a pair once two distinct guests were
 * told of it, at the time the second one first was; it counts once, however often its
 * members hear of it.
 */
export function countPairs(reports: PairsReport[], fromUs: number, toUs: number) {
  const rooms = new Map<string, Map<string, number>>();
  let repeatedMatches = 0;
  for (const report of reports) {
    for (const [roomId, userId, at] of report.matches) {
      let seen = rooms.get(roomId);
      if (!seen) rooms.set(roomId, (seen = new Map()));
      const first = seen.get(userId);
      if (first === undefined) seen.set(userId, at);
      else {
        repeatedMatches++;
        seen.set(userId, Math.min(first, at));
      }
    }
  }
  let pairs = 0;
  let halfMatched = 0;
  let roomsOfMoreThanTwo = 0;
  for (const seen of rooms.values()) {
    if (seen.size < 2) {
      halfMatched++;
      continue;
    }
    if (seen.size > 2) roomsOfMoreThanTwo++;
    const completed = [...seen.values()].sort((a, b) => a - b)[1] ?? Number.NaN;
    if (completed >= fromUs && completed < toUs) pairs++;
  }
  return { pairs, halfMatched, roomsOfMoreThanTwo, repeatedMatches };
}

/**
 * Every stranger room with its members in the database: no user may be in a room that began
 * before an earlier room of theirs was closed (a room still open is open until the end). A
 * match creates its room before either side is told, and a skip closes the room before the
 * partner is queued again, so a correct server keeps every user's rooms apart in time.
 */
export async function checkStrangerRooms(databaseUrl: string): Promise<PairsDatabaseCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof PairsDatabaseCheck, string>>(`
      with membership as (
        select m.user_id, r.id, r.created_at,
               coalesce(r.closed_at, 'infinity'::timestamptz) as closed_at
        from room r join room_member m on m.room_id = r.id
        where r.kind = 'stranger'
      ), ordered as (
        select user_id, id, created_at,
               max(closed_at) over (partition by user_id order by created_at, id
                                    rows between unbounded preceding and 1 preceding) as earlier_end
        from membership
      )
      select
        (select count(*) from room where kind = 'stranger') as rooms,
        (select count(distinct user_id) from membership) as users,
        count(*) filter (where earlier_end > created_at) as "overlappingRooms",
        count(distinct user_id) filter (where earlier_end > created_at) as "usersInTwoRooms",
        (select count(*) from room r
          where r.kind = 'stranger'
            and (select count(*) from room_member m where m.room_id = r.id) <> 2)
          as "roomsWithoutTwoMembers"
      from ordered`);
    const row = rows[0];
    return {
      rooms: Number(row?.rooms ?? 0),
      users: Number(row?.users ?? 0),
      overlappingRooms: Number(row?.overlappingRooms ?? 0),
      usersInTwoRooms: Number(row?.usersInTwoRooms ?? 0),
      roomsWithoutTwoMembers: Number(row?.roomsWithoutTwoMembers ?? 0),
    };
  } finally {
    await client.end();
  }
}

/**
 * Stranger matching: K guests with open sockets on their own channel loop findStranger ->
 * stranger_matched -> Next, on the embedded default or on n processes sharing PostgreSQL and
 * Redis (guest i's socket and HTTP calls on process i mod n; the match itself is made by
 * whichever process takes the call, with a partner on any process).
 */
export async function runPairs(
  options: PairsOptions,
  pool: WorkerPool,
  log: Log,
): Promise<PairsResult> {
  const redisMode = options.processes > 0;
  const services = redisMode ? await createServices() : null;
  const servers: OurServer[] = [];
  try {
    const first = await startOurs(services ? { services } : {});
    servers.push(first);
    while (servers.length < options.processes) {
      servers.push(await startOurs({ services: services ?? undefined, publicUrl: first.origin }));
    }
    if (redisMode)
      log(`  ${servers.length} processes: pids ${servers.map((s) => s.pid).join(", ")}`);
    const guests = await signInGuests({
      baseUrl: first.origin,
      origin: first.origin,
      count: options.clients,
      ipBlock: redisMode ? 31 : 30,
      concurrency: 50,
    });
    let connected = 0;
    for (const [p, server] of servers.entries()) {
      const opened = await pool.open({
        target: "ours",
        url: server.socketUrl,
        origin: first.origin,
        clients: guests
          .filter((_, i) => i % servers.length === p)
          .map((g) => ({
            ...g,
            rooms: [],
            userChannel: true,
            ...(servers.length > 1 ? { rpcOrigin: server.origin } : {}),
          })),
        concurrency: 50,
      });
      if (opened.failed > 0) {
        throw new Error(`${opened.failed} guests failed to connect: ${opened.firstError}`);
      }
      connected += opened.opened;
    }
    log(`  ${connected} guests connected; matching...`);
    const redis = services ? await redisPid() : null;
    const postgres = services ? await PostgresCpu.find(services.databaseUrl) : null;
    await pool.all({
      cmd: "pairsStart",
      rpcUrl: `${first.origin}/rpc`,
      origin: first.origin,
      continent: "World",
    });
    await sleep(options.warmupMs);
    const pids = servers.map((s) => s.pid);
    const generator = [process.pid, ...pool.pids];
    const t0 = nowUs();
    const server0 = pids.map(cpuSeconds);
    const generator0 = totalCpuSeconds(generator);
    const core0 = coreBusySeconds(SERVER_CORE);
    const redis0 = redis ? cpuSeconds(redis) : 0;
    const postgres0 = postgres?.seconds() ?? 0;
    await sleep(options.windowMs);
    const t1 = nowUs();
    const processCpuS = pids.map((pid, i) => cpuSeconds(pid) - (server0[i] ?? 0));
    const serverCpuS = processCpuS.reduce((a, b) => a + b, 0);
    const generatorCpuS = totalCpuSeconds(generator) - generator0;
    const otherOnServerCoreS = Math.max(0, coreBusySeconds(SERVER_CORE) - core0 - serverCpuS);
    const redisCpuS = redis ? cpuSeconds(redis) - redis0 : null;
    const postgresCpuS = postgres ? postgres.seconds() - postgres0 : null;
    // Let the second half of pairs made just before t1 arrive (they count only if before t1).
    await sleep(500);
    const reports = await pool.all<PairsReport>({ cmd: "pairsStop" });
    const counted = countPairs(reports, t0, t1);
    const database = services ? await checkStrangerRooms(services.databaseUrl) : null;
    const windowS = (t1 - t0) / 1e6;
    const firstError = reports.find((r) => r.firstError)?.firstError;
    const firstDoubleMatch = reports.find((r) => r.firstDoubleMatch)?.firstDoubleMatch;
    const totalCpuS = serverCpuS + (redisCpuS ?? 0) + (postgresCpuS ?? 0);
    return {
      configuration: redisMode ? "redis" : "embedded",
      processes: servers.length,
      clients: connected,
      windowS,
      ...counted,
      pairsPerSecond: counted.pairs / windowS,
      doubleMatches: reports.reduce((s, r) => s + r.doubleMatches, 0),
      ...(firstDoubleMatch ? { firstDoubleMatch } : {}),
      database,
      rpcCalls: reports.reduce((s, r) => s + r.rpcCalls, 0),
      rpcErrors: reports.reduce((s, r) => s + r.rpcErrors, 0),
      ...(firstError ? { firstError } : {}),
      processCpuS,
      serverCpuS,
      serverCpuMsPerPair: (serverCpuS * 1000) / counted.pairs,
      redisCpuS,
      postgresCpuS,
      totalCpuMsPerPair: (totalCpuS * 1000) / counted.pairs,
      generatorCpuS,
      otherOnServerCoreS,
    };
  } finally {
    await pool.all({ cmd: "closeAll" });
    for (const server of servers.reverse()) await server.stop();
    await services?.drop();
  }
}
