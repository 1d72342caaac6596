/**
 * Where a fan-out window's latency went (`--sched-trace`, item 5's profile in bench/README.md).
 *
 * For the measured window it records the kernel scheduler's events on both cores (`perf record`
 * of sched_switch, sched_waking and sched_stat_runtime, stamped on CLOCK_MONOTONIC: the clock
 * of the messages' send stamps), and the workers keep every delivery's send and receive time.
 * Each delivery's time from send to receipt is then split, for each thread on its path (the
 * publisher, Redis, the server, the receiving worker), into
 *   - running,
 *   - "lost": on a core but not running (the wall time of a run that the scheduler did not
 *     count as the task's: the host's steal of the virtual CPU, and interrupts),
 *   - waiting for a core (woken or preempted, not yet running),
 *   - asleep (waiting for input);
 * and for each core into who ran there. Averaged over all deliveries and over the slowest 1 %,
 * it shows in which of these the tail's extra milliseconds were spent. The server's thread's
 * runs are summarised too: a task of its own that holds the thread for milliseconds is a long
 * run with little lost time.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
import { CLK_TCK, onCleanup } from "./proc";
import { nowUs } from "./stats";

/** The processes whose threads the profile names; everyone else is "other". */
export interface TracedProcesses {
  server: number;
  redis: number | null;
  /** The bench process (the publisher) first, then the generator workers. */
  generator: number[];
}

/** A delivery: its send time, its receipt time (monotonic µs) and the worker that got it. */
export interface DeliverySample {
  sentUs: number;
  receivedUs: number;
  worker: number;
}

const THREAD_STATES = ["running", "lost", "waiting", "asleep"] as const;
type ThreadState = (typeof THREAD_STATES)[number];
const CORE_USES = ["server", "redis", "generator", "perf", "other", "idle", "lost"] as const;
type CoreUse = (typeof CORE_USES)[number];
const PATH_THREADS = ["publisher", "redis", "server", "receiver"] as const;
type PathThread = (typeof PATH_THREADS)[number];

/** Mean milliseconds per delivery in each state or use, for one group of deliveries. */
export interface TailGroup {
  label: string;
  deliveries: number;
  latencyMs: number;
  threads: Record<PathThread, Record<ThreadState, number>>;
  cores: Record<CoreUse, number>[];
  /** The other tasks that ran most on each core in these deliveries' times (ms per delivery). */
  others: { comm: string; ms: number }[][];
}

export interface TailProfile {
  windowS: number;
  /** All of the window's deliveries, and the slowest 1 %. */
  groups: TailGroup[];
  /** The server's main thread: its runs in the window (wall time of each, ms). */
  serverRuns: {
    count: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    /** Runs of at least 2 ms, and how much of their wall time was lost (not the server's). */
    atLeast2Ms: number;
    lostShareOfThose: number;
    /** The longest run's own CPU (ms). */
    longestCpuMs: number;
  };
  /** The other tasks that ran most on each core in the window (CPU-s). */
  othersS: { comm: string; s: number }[][];
  /** Lost time per core in the window (s), from the trace, beside /proc/stat's steal. */
  lostS: number[];
  stealS: number[];
  /** Scheduler events the analysis read. */
  events: number;
}

/** A time line of one thread or one core: segments in time order, each with a label. */
class Track<L extends string> {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly labels: L[] = [];
  /** The share of a segment's wall time that was lost (running segments only). */
  readonly lost: number[] = [];
  readonly tids: number[] = [];

  add(start: number, end: number, label: L, lost = 0, tid = -1) {
    if (end <= start) return;
    this.starts.push(start);
    this.ends.push(end);
    this.labels.push(label);
    this.lost.push(lost);
    this.tids.push(tid);
  }

  /** Index of the first segment that ends after `at`. */
  private first(at: number) {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.ends[mid] ?? 0) <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Calls `each` with every segment's overlap (µs) with [from, to). */
  overlap(
    from: number,
    to: number,
    each: (label: L, us: number, lost: number, tid: number) => void,
  ) {
    for (let i = this.first(from); i < this.starts.length; i++) {
      const start = this.starts[i] ?? 0;
      if (start >= to) break;
      const us = Math.min(to, this.ends[i] ?? 0) - Math.max(from, start);
      if (us > 0) each(this.labels[i] as L, us, this.lost[i] ?? 0, this.tids[i] ?? -1);
    }
  }
}

const threadsOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
};

function stealSeconds(): number[] {
  return readFileSync("/proc/stat", "utf8")
    .split("\n")
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => Number(line.split(/\s+/)[8] ?? 0) / CLK_TCK);
}

const readOr = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

/** Starts recording; `stop()` ends it and returns a function that analyses the deliveries. */
export async function startSchedTrace(processes: TracedProcesses) {
  const dir = mkdtempSync(join(tmpdir(), "bench-sched-"));
  const file = join(dir, "perf.data");
  // The thread ids are read now: the servers' and workers' threads do not change in a window.
  const tids = {
    server: threadsOf(processes.server),
    redis: processes.redis ? threadsOf(processes.redis) : [],
    generator: processes.generator.flatMap(threadsOf),
  };
  // perf opens its buffers on every core (a second or more here) with recording off, and
  // says on the ack fifo when the "enable" it is sent took effect: the window starts then.
  const control = join(dir, "control");
  const ack = join(dir, "ack");
  execFileSync("mkfifo", [control, ack]);
  const perf: ChildProcess = spawn(
    "perf",
    [
      "record",
      "-q",
      "-a",
      "-k",
      "CLOCK_MONOTONIC",
      "-D",
      "-1",
      "--control",
      `fifo:${control},${ack}`,
      "-e",
      "sched:sched_switch",
      "-e",
      "sched:sched_waking",
      "-e",
      "sched:sched_stat_runtime",
      "-o",
      file,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  perf.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => perf.once("exit", resolve));
  const stopPerf = async () => {
    if (perf.exitCode === null && perf.signalCode === null) perf.kill("SIGINT");
    await exited;
  };
  // perf records every core until it is told to stop: if the run fails or is interrupted
  // before the window ends, the bench's clean-up stops it (and removes its file).
  const cleanUpPerf = onCleanup("perf record", async () => {
    await stopPerf();
    rmSync(dir, { recursive: true, force: true });
  });
  const failed = exited.then(() => {
    throw new Error(`perf record failed: ${stderr.trim()}`);
  });
  const enable = async () => {
    const [toPerf, fromPerf] = await Promise.all([open(control, "w"), open(ack, "r")]);
    try {
      await toPerf.write("enable\n");
      const answer = Buffer.alloc(16);
      await fromPerf.read(answer, 0, answer.length);
    } finally {
      await Promise.all([toPerf.close(), fromPerf.close()]);
    }
  };
  await Promise.race([enable(), failed]);
  const steal0 = stealSeconds();
  const fromUs = nowUs();

  return async () => {
    const toUs = nowUs();
    const steal = stealSeconds().map((s, i) => s - (steal0[i] ?? 0));
    await stopPerf();
    return async (samples: DeliverySample[]): Promise<TailProfile> => {
      const kept: KeptTrace = {
        tids,
        perfPid: perf.pid ?? -1,
        processes,
        fromUs,
        toUs,
        steal,
        samples,
      };
      const keep = process.env.BENCH_SCHED_KEEP;
      let perfFile = file;
      if (keep) {
        // For a second look: `npx tsx bench/realtime/sched-trace.ts <dir>/<name>` analyses it again.
        const name = join(keep, `sched-${processes.server}-${Math.round(fromUs)}`);
        mkdirSync(keep, { recursive: true });
        perfFile = `${name}.perf.data`;
        renameSync(file, perfFile);
        writeFileSync(`${name}.json`, JSON.stringify(kept));
      }
      try {
        return await analyseKept(kept, perfFile);
      } finally {
        await cleanUpPerf();
      }
    };
  };
}

/** What the analysis needs besides the perf file (kept with BENCH_SCHED_KEEP). */
interface KeptTrace {
  tids: { server: number[]; redis: number[]; generator: number[] };
  perfPid: number;
  processes: TracedProcesses;
  fromUs: number;
  toUs: number;
  steal: number[];
  samples: DeliverySample[];
}

async function analyseKept(kept: KeptTrace, perfFile: string) {
  const tids: TraceThreads = {
    server: new Set(kept.tids.server),
    redis: new Set(kept.tids.redis),
    generator: new Set(kept.tids.generator),
  };
  const trace = await readTrace(perfFile, tids, kept.perfPid, kept.processes);
  return analyse(trace, kept.samples, kept.fromUs, kept.toUs, kept.steal);
}

export interface Trace {
  cores: Track<CoreUse>[];
  /** The path threads' tracks, by thread id. */
  threads: Map<number, Track<ThreadState>>;
  comms: Map<number, string>;
  events: number;
  /** The first and last event's time: the analysis keeps to what the trace covers. */
  firstUs: number;
  lastUs: number;
  roles: { publisher: number; redis: number; server: number };
}

const SWITCH = /prev_pid=(\d+) .*prev_state=(\S+) ==> .*next_comm=(.*) next_pid=(\d+)/;
const PID = / pid=(\d+)/;
const RUNTIME = /runtime=(\d+)/;
const LINE = /^\s*(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:(\w+):\s(.*)$/;

async function readTrace(
  file: string,
  tids: TraceThreads,
  perfPid: number,
  processes: TracedProcesses,
): Promise<Trace> {
  const script = spawn("perf", ["script", "-i", file, "-F", "tid,cpu,time,event,trace", "--ns"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const trace = await parseTrace(
    createInterface({ input: script.stdout }),
    tids,
    perfPid,
    processes,
  );
  // A thread is named with its process ("beam.smp 1_scheduler"), and a process that retitles
  // itself by its title ("postgres: 15/main: autovacuum worker"), while it is still there.
  for (const [tid, comm] of trace.comms) {
    const tgid = /^Tgid:\s*(\d+)/m.exec(readOr(`/proc/${tid}/status`))?.[1];
    const name = tgid ? readOr(`/proc/${tgid}/comm`).trim() : "";
    const title = tgid ? readOr(`/proc/${tgid}/cmdline`).split("\0")[0] : "";
    if (title?.startsWith(`${comm}: `)) trace.comms.set(tid, title.replace(/ \S+\(\d+\).*$/, ""));
    else if (name && name !== comm) trace.comms.set(tid, `${name} ${comm}`);
  }
  return trace;
}

/** The threads of the processes the profile names (sets of thread ids). */
export interface TraceThreads {
  server: Set<number>;
  redis: Set<number>;
  generator: Set<number>;
}

/**
 * Reads `perf script -F tid,cpu,time,event,trace --ns` lines: who ran on each core when (and
 * how much of it the scheduler counted as the task's CPU), and the states of the path's
 * threads.
 */
export async function parseTrace(
  lines: AsyncIterable<string> | Iterable<string>,
  tids: TraceThreads,
  perfPid: number,
  processes: TracedProcesses,
): Promise<Trace> {
  const use = (tid: number): CoreUse => {
    if (tid === 0) return "idle";
    if (tids.server.has(tid)) return "server";
    if (tids.redis.has(tid)) return "redis";
    if (tids.generator.has(tid)) return "generator";
    if (tid === perfPid) return "perf";
    return "other";
  };
  const roles = {
    publisher: processes.generator[0] ?? -1,
    redis: processes.redis ?? -1,
    server: processes.server,
  };
  const pathTids = new Set([roles.publisher, roles.redis, roles.server, ...processes.generator]);
  const cores: Track<CoreUse>[] = [];
  const threads = new Map<number, Track<ThreadState>>();
  const comms = new Map<number, string>();
  // Per core: who runs since when, and the CPU the scheduler counted for it since then.
  const current: { tid: number; since: number; ranNs: number }[] = [];
  const runningOn = new Map<number, number>();
  // Per path thread: its state since when.
  const state = new Map<number, { state: "waiting" | "asleep" | "running"; since: number }>();
  let events = 0;
  let firstUs = 0;
  let lastUs = 0;

  const threadTrack = (tid: number) => {
    let track = threads.get(tid);
    if (!track) threads.set(tid, (track = new Track()));
    return track;
  };
  const enter = (tid: number, next: "waiting" | "asleep" | "running", at: number, lost = 0) => {
    if (!pathTids.has(tid)) return;
    const was = state.get(tid);
    if (was) threadTrack(tid).add(was.since, at, was.state, was.state === "running" ? lost : 0);
    state.set(tid, { state: next, since: at });
  };

  for await (const line of lines) {
    const m = LINE.exec(line);
    if (!m) continue;
    events++;
    const cpu = Number(m[2]);
    const at = Number(m[3]) * 1e6;
    firstUs ||= at;
    lastUs = at;
    const event = m[4];
    const rest = m[5] ?? "";
    if (event === "sched_stat_runtime") {
      const tid = Number(PID.exec(rest)?.[1] ?? -1);
      const on = runningOn.get(tid);
      const slot = on === undefined ? undefined : current[on];
      if (slot && slot.tid === tid) slot.ranNs += Number(RUNTIME.exec(rest)?.[1] ?? 0);
    } else if (event === "sched_waking") {
      const tid = Number(PID.exec(rest)?.[1] ?? -1);
      if (state.get(tid)?.state === "asleep") enter(tid, "waiting", at);
    } else if (event === "sched_switch") {
      const s = SWITCH.exec(rest);
      if (!s) continue;
      const prev = Number(s[1]);
      const prevState = s[2] ?? "";
      const nextComm = (s[3] ?? "").trim();
      const next = Number(s[4]);
      comms.set(next, nextComm);
      const core = (cores[cpu] ??= new Track());
      const was = current[cpu];
      let lost = 0;
      if (was) {
        lost = was.tid === 0 ? 0 : lostShare(was.ranNs, at - was.since);
        core.add(was.since, at, use(was.tid), lost, was.tid);
        runningOn.delete(was.tid);
      }
      enter(prev, prevState.startsWith("R") ? "waiting" : "asleep", at, lost);
      current[cpu] = { tid: next, since: at, ranNs: 0 };
      if (next !== 0) runningOn.set(next, cpu);
      enter(next, "running", at);
    }
  }
  // What was going on at the last event lasted until then.
  current.forEach((was, cpu) => {
    const lost = was.tid === 0 ? 0 : lostShare(was.ranNs, lastUs - was.since);
    cores[cpu]?.add(was.since, lastUs, use(was.tid), lost, was.tid);
  });
  for (const [tid, was] of state) {
    const on = runningOn.get(tid);
    const slot = on === undefined ? undefined : current[on];
    const lost = slot ? lostShare(slot.ranNs, lastUs - was.since) : 0;
    threadTrack(tid).add(was.since, lastUs, was.state, was.state === "running" ? lost : 0);
  }
  return { cores, threads, comms, events, roles, firstUs, lastUs };
}

/** The share of a run's wall time the scheduler did not count as the task's CPU. */
const lostShare = (ranNs: number, wallUs: number) =>
  wallUs > 0 ? Math.max(0, 1 - ranNs / 1000 / wallUs) : 0;

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const emptyStates = () => zeros(THREAD_STATES);
const emptyUses = () => zeros(CORE_USES);

/** A task's name without its instance number (kworker/0:1 -> kworker). */
const commName = (comm: string) => comm.replace(/^(\S*?)[/:]\d+.*$/, "$1");

/** Adds a core's segment of an "other" task to its name's sum (µs of its own CPU). */
function addOther(byName: Map<string, number>, trace: Trace, tid: number, us: number) {
  const name = commName(trace.comms.get(tid) ?? String(tid));
  byName.set(name, (byName.get(name) ?? 0) + us);
}

/** The `count` names with the most time, largest first, in µs divided by `per`. */
const topOthers = (byName: Map<string, number>, count: number, per: number) =>
  [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([comm, us]) => ({ comm, amount: us / per }));

export function analyse(
  trace: Trace,
  samples: DeliverySample[],
  fromUs: number,
  toUs: number,
  steal: number[],
): TailProfile {
  // Every thread's state is known from its first event on: a few ms after the trace starts.
  fromUs = Math.max(fromUs, trace.firstUs + 50_000);
  toUs = Math.min(toUs, trace.lastUs);
  const inWindow = samples.filter((s) => s.sentUs >= fromUs && s.receivedUs <= toUs);
  const latencies = inWindow.map((s) => s.receivedUs - s.sentUs).sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  const groups = [
    group("all deliveries", inWindow, trace),
    group(
      "the slowest 1 %",
      inWindow.filter((s) => s.receivedUs - s.sentUs >= p99),
      trace,
    ),
  ];

  const runs: { wallUs: number; lost: number }[] = [];
  const server = trace.threads.get(trace.roles.server);
  server?.overlap(fromUs, toUs, (label, us, lost) => {
    if (label === "running") runs.push({ wallUs: us, lost });
  });
  runs.sort((a, b) => a.wallUs - b.wallUs);
  const at = (p: number) =>
    (runs[Math.min(runs.length - 1, Math.floor(runs.length * p))]?.wallUs ?? 0) / 1000;
  const long = runs.filter((r) => r.wallUs >= 2000);
  const longWall = long.reduce((sum, r) => sum + r.wallUs, 0);
  const longest = runs.at(-1);

  const lostS = trace.cores.map((core) => {
    let lost = 0;
    core.overlap(fromUs, toUs, (_label, us, share) => (lost += us * share));
    return lost / 1e6;
  });
  const othersS = trace.cores.map((core) => {
    const byName = new Map<string, number>();
    core.overlap(fromUs, toUs, (use, us, share, tid) => {
      if (use === "other") addOther(byName, trace, tid, us * (1 - share));
    });
    return topOthers(byName, 5, 1e6).map(({ comm, amount }) => ({ comm, s: amount }));
  });
  return {
    windowS: (toUs - fromUs) / 1e6,
    groups,
    serverRuns: {
      count: runs.length,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: at(1),
      atLeast2Ms: long.length,
      lostShareOfThose:
        longWall > 0 ? long.reduce((sum, r) => sum + r.wallUs * r.lost, 0) / longWall : 0,
      longestCpuMs: longest ? (longest.wallUs * (1 - longest.lost)) / 1000 : 0,
    },
    othersS,
    lostS,
    stealS: steal,
    events: trace.events,
  };
}

function group(label: string, samples: DeliverySample[], trace: Trace): TailGroup {
  const threads = Object.fromEntries(PATH_THREADS.map((t) => [t, emptyStates()])) as Record<
    PathThread,
    Record<ThreadState, number>
  >;
  const cores = trace.cores.map(emptyUses);
  const others = trace.cores.map(() => new Map<string, number>());
  let latency = 0;
  for (const sample of samples) {
    const { sentUs: from, receivedUs: to } = sample;
    latency += to - from;
    const tidOf: Record<PathThread, number> = {
      publisher: trace.roles.publisher,
      redis: trace.roles.redis,
      server: trace.roles.server,
      receiver: sample.worker,
    };
    for (const role of PATH_THREADS) {
      const sums = threads[role];
      trace.threads.get(tidOf[role])?.overlap(from, to, (state, us, lost) => {
        if (state === "running") {
          sums.running += us * (1 - lost);
          sums.lost += us * lost;
        } else sums[state] += us;
      });
    }
    trace.cores.forEach((core, cpu) => {
      const sums = cores[cpu] as Record<CoreUse, number>;
      core.overlap(from, to, (use, us, lost, tid) => {
        sums[use] += us * (1 - lost);
        sums.lost += us * lost;
        const byName = others[cpu];
        if (use === "other" && byName) addOther(byName, trace, tid, us * (1 - lost));
      });
    });
  }
  const n = Math.max(1, samples.length);
  const perDelivery = <K extends string>(sums: Record<K, number>) =>
    Object.fromEntries(
      Object.entries(sums).map(([k, v]) => [k, (v as number) / n / 1000]),
    ) as Record<K, number>;
  return {
    label,
    deliveries: samples.length,
    latencyMs: latency / n / 1000,
    threads: Object.fromEntries(
      PATH_THREADS.map((t) => [t, perDelivery(threads[t])]),
    ) as TailGroup["threads"],
    cores: cores.map(perDelivery),
    others: others.map((byName) =>
      topOthers(byName, 3, n * 1000).map(({ comm, amount }) => ({ comm, ms: amount })),
    ),
  };
}

// `npx tsx bench/realtime/sched-trace.ts <dir>/sched-<pid>-<t>`: a kept trace analysed again.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.argv[2]?.replace(/\.(json|perf\.data)$/, "");
  if (!base) throw new Error("usage: sched-trace.ts <kept trace, without .json>");
  const kept = JSON.parse(readFileSync(`${base}.json`, "utf8")) as KeptTrace;
  console.info(JSON.stringify(await analyseKept(kept, `${base}.perf.data`), null, 2));
}
