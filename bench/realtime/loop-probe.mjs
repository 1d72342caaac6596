// Loaded into a server under test to see where a latency tail comes from (bench/README.md,
// "Rooms of 10 at 25 000 deliveries/s"): BENCH_SERVER_NODE_ARGS="--import
// ./bench/realtime/loop-probe.mjs" (ours) or BENCH_BASELINE_NODE_ARGS (the baselines). Every
// second it appends one JSON line to <tmpdir>/loop-probe-<pid>.jsonl: the process's CPU in
// that second, its GC pauses (count, total, longest; minor and major), and its event loop's
// delay (p99 and longest, sampled every millisecond). It changes nothing else in the server.
import { appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const file = join(tmpdir(), `loop-probe-${process.pid}.jsonl`);
let pauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const minor = entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR;
    pauses.push({ minor, ms: entry.duration });
  }
}).observe({ entryTypes: ["gc"] });
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let cpu = process.cpuUsage();
const round = (value) => Math.round(value * 100) / 100;

setInterval(() => {
  const used = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const line = {
    t: Math.round(performance.now()),
    cpuMs: Math.round((used.user + used.system) / 1000),
    gc: pauses.length,
    minor: pauses.filter((p) => p.minor).length,
    gcMs: round(pauses.reduce((sum, p) => sum + p.ms, 0)),
    gcMaxMs: round(Math.max(0, ...pauses.map((p) => p.ms))),
    loopP99Ms: round(delay.percentile(99) / 1e6),
    loopMaxMs: round(delay.max / 1e6),
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
  pauses = [];
  delay.reset();
}, 1000).unref();
