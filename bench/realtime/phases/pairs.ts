import { signInGuests } from "../clients";
import { cpuWindow, sleep } from "../proc";
import type { WorkerPool } from "../pool";
import type { PairsReport } from "../protocol";
import { startOurs } from "../servers";
import { nowUs } from "../stats";

export interface PairsOptions {
  clients: number;
  warmupMs: number;
  windowMs: number;
}

export interface PairsResult {
  clients: number;
  windowS: number;
  pairs: number;
  pairsPerSecond: number;
  /** Rooms only one side heard of (by the end of the run). */
  halfMatched: number;
  rpcCalls: number;
  rpcErrors: number;
  firstError?: string;
  serverCpuS: number;
  serverCpuMsPerPair: number;
  generatorCpuS: number;
  otherOnServerCoreS: number;
}

type Log = (line: string) => void;

/**
 * Stranger matching on the embedded default (PGlite, in-process bus and queue): K guests
 * with open sockets on their own channel loop findStranger -> stranger_matched -> Next.
 * A pair counts once, when both sides have received stranger_matched for the same room,
 * at the time the second side received it.
 */
export async function runPairs(
  options: PairsOptions,
  pool: WorkerPool,
  log: Log,
): Promise<PairsResult> {
  const server = await startOurs({});
  try {
    const guests = await signInGuests({
      baseUrl: server.origin,
      origin: server.origin,
      count: options.clients,
      ipBlock: 30,
      concurrency: 50,
    });
    const opened = await pool.open({
      target: "ours",
      url: server.socketUrl,
      origin: server.origin,
      clients: guests.map((g) => ({ ...g, rooms: [], userChannel: true })),
      concurrency: 50,
    });
    if (opened.failed > 0)
      throw new Error(`${opened.failed} guests failed to connect: ${opened.firstError}`);
    log(`  ${opened.opened} guests connected; matching...`);
    await pool.all({
      cmd: "pairsStart",
      rpcUrl: `${server.origin}/rpc`,
      origin: server.origin,
      continent: "World",
    });
    await sleep(options.warmupMs);
    const t0 = nowUs();
    const stop = cpuWindow({ server: server.pid, generator: [process.pid, ...pool.pids] });
    await sleep(options.windowMs);
    const t1 = nowUs();
    const { serverCpuS, generatorCpuS, otherOnServerCoreS } = stop();
    // Let the second half of pairs made just before t1 arrive (they count only if before t1).
    await sleep(500);
    const reports = await pool.all<PairsReport>({ cmd: "pairsStop" });
    const seen = new Map<string, number[]>();
    for (const report of reports) {
      for (const [roomId, at] of report.matches) {
        const times = seen.get(roomId);
        if (times) times.push(at);
        else seen.set(roomId, [at]);
      }
    }
    let pairs = 0;
    let halfMatched = 0;
    for (const times of seen.values()) {
      if (times.length < 2) {
        halfMatched++;
        continue;
      }
      const completed = Math.max(...times);
      if (completed >= t0 && completed < t1) pairs++;
    }
    const windowS = (t1 - t0) / 1e6;
    const firstError = reports.find((r) => r.firstError)?.firstError;
    return {
      clients: opened.opened,
      windowS,
      pairs,
      pairsPerSecond: pairs / windowS,
      halfMatched,
      rpcCalls: reports.reduce((s, r) => s + r.rpcCalls, 0),
      rpcErrors: reports.reduce((s, r) => s + r.rpcErrors, 0),
      ...(firstError ? { firstError } : {}),
      serverCpuS,
      serverCpuMsPerPair: (serverCpuS * 1000) / pairs,
      generatorCpuS,
      otherOnServerCoreS,
    };
  } finally {
    await pool.all({ cmd: "closeAll" });
    await server.stop();
  }
}
