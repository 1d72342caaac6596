import type { WorkerPool } from "../pool";
import { cpuWindow, sleep } from "../proc";
import type { Pacer } from "../publisher";
import { startSchedTrace, type TailProfile } from "../sched-trace";
import type { RunningServer } from "../servers";

/**
 * One measured window of a paced load that is already running: warm up, reset the receivers,
 * then count what was sent and delivered, the latencies and everyone's CPU for `windowMs`.
 */
export async function measureWindow(options: {
  server: RunningServer;
  pool: WorkerPool;
  pacer: Pacer;
  warmupMs: number;
  windowMs: number;
  redis: number | null;
  /** Runs when the window opens (snapshot your own counters here). */
  onOpen?: () => void;
  /** Record the scheduler's events and every delivery, and say where the latency went. */
  schedTrace?: boolean;
}) {
  const { server, pool, pacer } = options;
  await sleep(options.warmupMs);
  const stopTrace = options.schedTrace
    ? await startSchedTrace({
        server: server.pid,
        redis: options.redis,
        generator: [process.pid, ...pool.pids],
      })
    : null;
  await pool.all({ cmd: "reset", samples: stopTrace !== null });
  const sent0 = pacer.sent;
  options.onOpen?.();
  const stop = cpuWindow({
    server: server.pid,
    generator: [process.pid, ...pool.pids],
    redis: options.redis,
  });
  await sleep(options.windowMs);
  const cpu = stop();
  const sent = pacer.sent - sent0;
  const { deliveries, histogram, samples } = await pool.deliveries();
  // perf writes its file as it stops, on either core: only after the deliveries are counted.
  const analyse = await stopTrace?.();
  const profile: TailProfile | null = analyse ? await analyse(samples) : null;
  return { sent, deliveries, histogram, cpu, profile };
}
