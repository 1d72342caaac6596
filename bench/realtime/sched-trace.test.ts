import { describe, expect, it } from "vitest";
import { analyse, parseTrace, type TraceThreads } from "./sched-trace";

/** A `perf script -F tid,cpu,time,event,trace --ns` line. */
const at = (seconds: number) => seconds.toFixed(9);
const switchLine = (
  cpu: number,
  t: number,
  prev: [string, number, string],
  next: [string, number],
) =>
  ` ${prev[1]} [00${cpu}] ${at(t)}: sched:sched_switch: prev_comm=${prev[0]} prev_pid=${prev[1]} ` +
  `prev_prio=120 prev_state=${prev[2]} ==> next_comm=${next[0]} next_pid=${next[1]} next_prio=120`;
const waking = (cpu: number, t: number, by: number, comm: string, pid: number) =>
  ` ${by} [00${cpu}] ${at(t)}: sched:sched_waking: comm=${comm} pid=${pid} prio=120 target_cpu=000`;
const ran = (cpu: number, t: number, comm: string, pid: number, ms: number) =>
  ` ${pid} [00${cpu}] ${at(t)}: sched:sched_stat_runtime: comm=${comm} pid=${pid} runtime=${ms * 1e6} [ns]`;

const SERVER = 10;
const PUBLISHER = 20;
const WORKER = 21;
const REDIS = 30;
const OTHER = 40;
const processes = { server: SERVER, redis: REDIS, generator: [PUBLISHER, WORKER] };
const threads: TraceThreads = {
  server: new Set([SERVER]),
  redis: new Set([REDIS]),
  generator: new Set([PUBLISHER, WORKER]),
};

/**
 * One message: the publisher sends it at 100.000 s on core 1; Redis runs at once and wakes the
 * server at 100.001; core 0 is busy with another task until 100.004, so the server waits
 * 3 ms, then runs 1 ms of which the scheduler counts half as its CPU (the other half lost);
 * it wakes the worker, which reads the message at 100.006.
 */
const lines = [
  switchLine(0, 99.9, ["node", SERVER, "S"], ["swapper/0", 0]),
  switchLine(1, 99.9, ["node", WORKER, "S"], ["swapper/1", 0]),
  switchLine(1, 99.95, ["swapper/1", 0, "R"], ["redis-server", REDIS]),
  ran(1, 99.951, "redis-server", REDIS, 1),
  switchLine(1, 99.951, ["redis-server", REDIS, "S"], ["swapper/1", 0]),
  switchLine(1, 99.999, ["swapper/1", 0, "R"], ["node", PUBLISHER]),
  switchLine(0, 100.0, ["swapper/0", 0, "R"], ["1_scheduler", OTHER]),
  waking(1, 100.0005, PUBLISHER, "redis-server", REDIS),
  ran(1, 100.0006, "node", PUBLISHER, 1.6),
  switchLine(1, 100.0006, ["node", PUBLISHER, "S"], ["redis-server", REDIS]),
  waking(1, 100.001, REDIS, "node", SERVER),
  ran(1, 100.0011, "redis-server", REDIS, 0.5),
  switchLine(1, 100.0011, ["redis-server", REDIS, "S"], ["swapper/1", 0]),
  ran(0, 100.004, "1_scheduler", OTHER, 4),
  switchLine(0, 100.004, ["1_scheduler", OTHER, "S"], ["node", SERVER]),
  waking(0, 100.0048, SERVER, "node", WORKER),
  ran(0, 100.005, "node", SERVER, 0.5),
  switchLine(0, 100.005, ["node", SERVER, "S"], ["swapper/0", 0]),
  switchLine(1, 100.005, ["swapper/1", 0, "R"], ["node", WORKER]),
  ran(1, 100.006, "node", WORKER, 1),
  switchLine(1, 100.006, ["node", WORKER, "S"], ["swapper/1", 0]),
  switchLine(0, 100.1, ["swapper/0", 0, "R"], ["swapper/0", 0]),
];

/** A thread's split, in ms per delivery. */
const states = (running: number, lost: number, waiting: number, asleep: number) => ({
  running,
  lost,
  waiting,
  asleep,
});
const round = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));

describe("sched-trace", () => {
  it("splits a delivery's time by what each thread on its path and each core did", async () => {
    const trace = await parseTrace(lines, threads, -1, processes);
    const slow = { sentUs: 100_000_000, receivedUs: 100_006_000, worker: WORKER };
    const fast = { sentUs: 100_000_500, receivedUs: 100_001_000, worker: WORKER };
    const profile = analyse(trace, [fast, slow], 99e6, 101e6, [0, 0]);

    const slowest = profile.groups[1];
    expect(slowest?.deliveries).toBe(1);
    expect(slowest?.latencyMs).toBeCloseTo(6);
    expect(round(slowest?.threads.server ?? {})).toEqual(states(0.5, 0.5, 3, 2));
    expect(round(slowest?.threads.redis ?? {})).toEqual(states(0.5, 0, 0.1, 5.4));
    expect(round(slowest?.threads.receiver ?? {})).toEqual(states(1, 0, 0.2, 4.8));
    expect(round(slowest?.threads.publisher ?? {})).toEqual(states(0.6, 0, 0, 5.4));
    expect(round(slowest?.cores[0] ?? {})).toEqual({
      server: 0.5,
      redis: 0,
      generator: 0,
      perf: 0,
      other: 4,
      idle: 1,
      lost: 0.5,
    });
    expect(round(slowest?.cores[1] ?? {})).toEqual({
      server: 0,
      redis: 0.5,
      generator: 1.6,
      perf: 0,
      other: 0,
      idle: 3.9,
      lost: 0,
    });
    expect(slowest?.others[0]).toEqual([{ comm: "1_scheduler", ms: 4 }]);

    expect(profile.groups[0]?.deliveries).toBe(2);
    expect(profile.serverRuns).toMatchObject({ count: 1, maxMs: 1, longestCpuMs: 0.5 });
    expect(profile.lostS[0]).toBeCloseTo(0.0005);
  });

  it("keeps to the time the trace covers", async () => {
    const trace = await parseTrace(lines, threads, -1, processes);
    // Sent before the trace's first 50 ms, when the threads' states were not all known yet.
    const early = { sentUs: 99_920_000, receivedUs: 99_930_000, worker: WORKER };
    const profile = analyse(trace, [early], 99e6, 101e6, [0, 0]);
    expect(profile.groups[0]?.deliveries).toBe(0);
  });
});
