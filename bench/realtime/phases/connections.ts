import { signInGuests } from "../clients";
import { fdCount, fdLimit, rssKb, sleep } from "../proc";
import type { WorkerPool } from "../pool";
import { TARGET_LABEL, type ClientSpec } from "../protocol";
import { removeDir, startBaseline, startOurs, tempDir } from "../servers";

/** The baselines that hold the same idle connections as ours, one after the other. */
export type IdleBaseline = "bare-ws" | "socketio";

export interface ConnectionsOptions {
  /** Sockets to hold; null: as many as the server's open-file limit allows. */
  connections: number | null;
  settleMs: number;
  holdMs: number;
  baselines: IdleBaseline[];
}

/**
 * A baseline holding as many idle connections as ours did, opened in the same two steps with
 * the same reads: each client opens its socket and joins one channel of its own, as ours
 * subscribes `user:{id}` (bare ws: `{"join"}` answered; Socket.IO: websocket transport,
 * connected, `join` acknowledged).
 */
export interface IdleBaselineResult {
  target: IdleBaseline;
  held: number;
  failed: number;
  closedDuringHold: number;
  rssBeforeKb: number;
  rssWarmKb: number;
  rssAfterKb: number;
  warmHeld: number;
  /** (RSS after − RSS before) / held. */
  kbPerConnection: number;
  /** RSS growth over the second step / its sockets. */
  marginalKbPerConnection: number;
  /** The same after a full GC in the server (server-probe.mjs). */
  gcKbPerConnection: number;
  marginalGcKbPerConnection: number;
  heapKbPerConnection: number;
  marginalHeapKbPerConnection: number;
  openSeconds: number;
}

export interface ConnectionsResult {
  requested: number | null;
  fdLimit: number;
  serverFdsBefore: number;
  held: number;
  failed: number;
  closedDuringHold: number;
  rssBeforeKb: number;
  rssAfterKb: number;
  /** RSS and V8 heap after a full GC in the server (server-probe.mjs). */
  gcRssBeforeKb: number;
  gcRssAfterKb: number;
  heapBeforeKb: number;
  heapAfterKb: number;
  /** V8 heap reserved (used + free), which is what RSS holds of it. */
  heapTotalBeforeKb: number;
  heapTotalAfterKb: number;
  /** The first fifth of the sockets, opened before the rest (see runConnections). */
  warmHeld: number;
  rssWarmKb: number;
  gcRssWarmKb: number;
  heapWarmKb: number;
  heapTotalWarmKb: number;
  /** (RSS after − RSS before) / held: includes what the first connections warm up once. */
  kbPerConnection: number;
  gcKbPerConnection: number;
  heapKbPerConnection: number;
  /** What each further connection adds: RSS growth over the last four fifths / their count. */
  marginalKbPerConnection: number;
  marginalGcKbPerConnection: number;
  marginalHeapKbPerConnection: number;
  /** Memory outside the V8 heap that V8 knows of: Buffers and WebAssembly memory (PGlite). */
  externalKbPerConnection: number;
  openSeconds: number;
  signInSeconds: number;
  /** The baselines with as many idle connections, measured after ours. */
  baselines: IdleBaselineResult[];
}

/** Room left for the server's other descriptors (database, logs, the odd HTTP connection). */
const FD_MARGIN = 50;

type Log = (line: string) => void;

/**
 * Idle authenticated connections on the embedded default: N guests sign in, open a socket
 * with their cookie, get `welcome` and subscribe their `user:{id}` channel; then the server's
 * memory per connection, and whether all of them are still there after a hold.
 *
 * The sockets open in two steps, a fifth and then the rest, with the memory read after each:
 * the first connections also pay once for what the server warms up on its first handshakes
 * (compiled code, caches, allocator arenas), so the growth over the second step divided by its
 * sockets is what one more connection costs. Both figures are reported.
 */
async function measureOurs(
  options: ConnectionsOptions,
  pool: WorkerPool,
  log: Log,
): Promise<Omit<ConnectionsResult, "baselines">> {
  // Guests sign in on one server; a fresh one on the same data then holds their sockets, so
  // the memory the sign-ins left behind does not blur the measurement.
  const dir = tempDir();
  const first = await startOurs({ dir });
  const limit = fdLimit(first.pid);
  const fits = limit - fdCount(first.pid) - FD_MARGIN;
  const wanted = Math.min(options.connections ?? fits, fits);
  let started = Date.now();
  let guests;
  try {
    guests = await signInGuests({
      baseUrl: first.origin,
      origin: first.origin,
      count: wanted,
      ipBlock: 10,
      concurrency: 50,
      onProgress: (done) => {
        if (done % 5000 === 0) log(`  ${done} guests signed in`);
      },
    });
  } finally {
    await first.stop();
  }
  const signInSeconds = (Date.now() - started) / 1000;
  log(`  ${wanted} guests signed in in ${signInSeconds.toFixed(1)} s`);

  const server = await startOurs({ dir, probe: true });
  try {
    const serverFdsBefore = fdCount(server.pid);
    const count = Math.min(wanted, limit - serverFdsBefore - FD_MARGIN);
    log(
      `  open-file limit of the server process: ${limit} (${serverFdsBefore} in use) -> ` +
        `at most ${limit - serverFdsBefore - FD_MARGIN} sockets; holding ${count}`,
    );
    await sleep(options.settleMs);
    const rssBeforeKb = rssKb(server.pid);
    const before = await server.probe();
    const clients = guests.slice(0, count).map((g) => ({ ...g, rooms: [], userChannel: true }));
    const warmCount = Math.floor(count / 5);
    started = Date.now();
    const openSome = async (some: typeof clients) => {
      const result = await pool.open({
        target: "ours",
        url: server.socketUrl,
        origin: server.origin,
        clients: some,
        concurrency: 50,
      });
      if (result.failed) log(`  ${result.failed} sockets failed to open (${result.firstError})`);
      return result;
    };
    const warmOpened = await openSome(clients.slice(0, warmCount));
    await sleep(options.settleMs);
    const warmHeld = (await pool.status()).open;
    const rssWarmKb = rssKb(server.pid);
    const warm = await server.probe();
    const restOpened = await openSome(clients.slice(warmCount));
    const openSeconds = (Date.now() - started) / 1000;
    const opened = { opened: warmOpened.opened + restOpened.opened };
    log(
      `  ${opened.opened} sockets open and subscribed in ${openSeconds.toFixed(1)} s ` +
        `(${warmOpened.opened} first, then the rest)`,
    );
    await sleep(options.settleMs);
    const rssAfterKb = rssKb(server.pid);
    const after = await server.probe();
    const settled = await pool.status();
    await sleep(options.holdMs);
    const held = await pool.status();
    const n = held.open;
    const kb = (bytes: number) => Math.round(bytes / 1024);
    return {
      requested: options.connections,
      fdLimit: limit,
      serverFdsBefore,
      held: n,
      failed: warmOpened.failed + restOpened.failed,
      closedDuringHold: held.closed - settled.closed,
      rssBeforeKb,
      rssAfterKb,
      gcRssBeforeKb: kb(before.rss),
      gcRssAfterKb: kb(after.rss),
      heapBeforeKb: kb(before.heapUsed),
      heapAfterKb: kb(after.heapUsed),
      heapTotalBeforeKb: kb(before.heapTotal),
      heapTotalAfterKb: kb(after.heapTotal),
      warmHeld,
      rssWarmKb,
      gcRssWarmKb: kb(warm.rss),
      heapWarmKb: kb(warm.heapUsed),
      heapTotalWarmKb: kb(warm.heapTotal),
      kbPerConnection: (rssAfterKb - rssBeforeKb) / n,
      gcKbPerConnection: (after.rss - before.rss) / 1024 / n,
      heapKbPerConnection: (after.heapUsed - before.heapUsed) / 1024 / n,
      marginalKbPerConnection: (rssAfterKb - rssWarmKb) / (n - warmHeld),
      marginalGcKbPerConnection: (after.rss - warm.rss) / 1024 / (n - warmHeld),
      marginalHeapKbPerConnection: (after.heapUsed - warm.heapUsed) / 1024 / (n - warmHeld),
      externalKbPerConnection: (after.external - before.external) / 1024 / n,
      openSeconds,
      signInSeconds,
    };
  } finally {
    await pool.all({ cmd: "closeAll" });
    await server.stop();
    await removeDir(dir);
  }
}

/** Ours, then each baseline holding as many connections as ours did. */
export async function runConnections(
  options: ConnectionsOptions,
  pool: WorkerPool,
  log: Log,
): Promise<ConnectionsResult> {
  const ours = await measureOurs(options, pool, log);
  const baselines: IdleBaselineResult[] = [];
  for (const target of options.baselines) {
    baselines.push(await measureBaseline(target, ours.held, options, pool, log));
  }
  return { ...ours, baselines };
}

async function measureBaseline(
  target: IdleBaseline,
  count: number,
  options: ConnectionsOptions,
  pool: WorkerPool,
  log: Log,
): Promise<IdleBaselineResult> {
  const label = TARGET_LABEL[target];
  const server = await startBaseline(target, undefined, undefined, { probe: true });
  try {
    const clients: ClientSpec[] = Array.from({ length: count }, (_, i) => ({
      rooms: [`user-${i}`],
    }));
    await sleep(options.settleMs);
    const rssBeforeKb = rssKb(server.pid);
    const before = await server.probe();
    const warmCount = Math.floor(count / 5);
    const started = Date.now();
    const openSome = async (some: ClientSpec[]) => {
      const result = await pool.open({
        target,
        url: server.socketUrl,
        origin: server.origin,
        clients: some,
        concurrency: 50,
      });
      if (result.failed) {
        log(`  ${label}: ${result.failed} sockets failed to open (${result.firstError})`);
      }
      return result;
    };
    const warmOpened = await openSome(clients.slice(0, warmCount));
    await sleep(options.settleMs);
    const warmHeld = (await pool.status()).open;
    const rssWarmKb = rssKb(server.pid);
    const warm = await server.probe();
    const restOpened = await openSome(clients.slice(warmCount));
    const openSeconds = (Date.now() - started) / 1000;
    await sleep(options.settleMs);
    const rssAfterKb = rssKb(server.pid);
    const after = await server.probe();
    const settled = await pool.status();
    await sleep(options.holdMs);
    const held = await pool.status();
    const n = held.open;
    const result: IdleBaselineResult = {
      target,
      held: n,
      failed: warmOpened.failed + restOpened.failed,
      closedDuringHold: held.closed - settled.closed,
      rssBeforeKb,
      rssWarmKb,
      rssAfterKb,
      warmHeld,
      kbPerConnection: (rssAfterKb - rssBeforeKb) / n,
      marginalKbPerConnection: (rssAfterKb - rssWarmKb) / (n - warmHeld),
      gcKbPerConnection: (after.rss - before.rss) / 1024 / n,
      marginalGcKbPerConnection: (after.rss - warm.rss) / 1024 / (n - warmHeld),
      heapKbPerConnection: (after.heapUsed - before.heapUsed) / 1024 / n,
      marginalHeapKbPerConnection: (after.heapUsed - warm.heapUsed) / 1024 / (n - warmHeld),
      openSeconds,
    };
    log(
      `  ${label}: ${n} held, ${result.marginalKbPerConnection.toFixed(1)} KB RSS per further ` +
        `connection, ${result.kbPerConnection.toFixed(1)} KB on average`,
    );
    return result;
  } finally {
    await pool.all({ cmd: "closeAll" });
    await server.stop();
  }
}
