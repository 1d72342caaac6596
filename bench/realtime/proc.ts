import { execFileSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The server under test runs alone on core 0; the load generator (every process of it) on core 1. */
export const SERVER_CORE = 0;
export const GENERATOR_CORE = 1;

export const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** Pins every thread of a running process (this one by default) to one core. */
export function pin(core: number, pid = process.pid) {
  execFileSync("taskset", ["-a", "-c", "-p", String(core), String(pid)], { stdio: "ignore" });
}

/** The command prefix that starts a program pinned to one core. */
export const pinned = (core: number, command: string, args: string[]) => ({
  command: "taskset",
  args: ["-c", String(core), command, ...args],
});

/** CPU seconds (user + system, all threads) a process used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

export const totalCpuSeconds = (pids: number[]) =>
  pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** Seconds a core was busy (any process, and the kernel's interrupt work), from /proc/stat. */
export function coreBusySeconds(core: number): number {
  const line = readFileSync("/proc/stat", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`cpu${core} `));
  if (!line) return 0;
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
    CLK_TCK
  );
}

export interface CpuWindow {
  windowS: number;
  serverCpuS: number;
  generatorCpuS: number;
  /** The server core's busy time that was not the server process (Redis, kernel, anyone else). */
  otherOnServerCoreS: number;
  redisCpuS: number | null;
}

/** Starts a measurement window; the returned function ends it. */
export function cpuWindow(options: {
  server: number;
  generator: number[];
  redis?: number | null;
}): () => CpuWindow {
  const redis = options.redis ?? null;
  const startedAt = process.hrtime.bigint();
  const server = cpuSeconds(options.server);
  const generator = totalCpuSeconds(options.generator);
  const core = coreBusySeconds(SERVER_CORE);
  const redisCpu = redis ? cpuSeconds(redis) : 0;
  return () => {
    const serverCpuS = cpuSeconds(options.server) - server;
    return {
      windowS: Number(process.hrtime.bigint() - startedAt) / 1e9,
      serverCpuS,
      generatorCpuS: totalCpuSeconds(options.generator) - generator,
      otherOnServerCoreS: Math.max(0, coreBusySeconds(SERVER_CORE) - core - serverCpuS),
      redisCpuS: redis ? cpuSeconds(redis) - redisCpu : null,
    };
  };
}

function statusField(pid: number, field: string): string | null {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const line = status.split("\n").find((l) => l.startsWith(`${field}:`));
  return line ? line.slice(field.length + 1).trim() : null;
}

/** Resident memory in KB. */
export const rssKb = (pid: number) => Number.parseInt(statusField(pid, "VmRSS") ?? "0", 10);

/** The cores a process may run on, as taskset prints them ("0", "1", "0-1"). */
export const coresOf = (pid: number) => statusField(pid, "Cpus_allowed_list") ?? "?";

export const fdCount = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** The soft limit of open files of a process (the most sockets it can hold). */
export function fdLimit(pid: number): number {
  const limits = readFileSync(`/proc/${pid}/limits`, "utf8");
  const line = limits.split("\n").find((l) => l.startsWith("Max open files"));
  const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
  return soft === undefined || soft === "unlimited" ? Infinity : Number(soft);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Clean-up steps (child processes, databases, temp directories), run in reverse order once:
 * at the end, on an error, and on Ctrl-C.
 */
const cleanups: { name: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | null = null;

export function onCleanup(name: string, run: () => Promise<void> | void) {
  const entry = { name, run };
  cleanups.push(entry);
  /** Runs this step now (and not again at the end). */
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index < 0) return;
    cleanups.splice(index, 1);
    await run();
  };
}

export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop();
      if (!step) break;
      try {
        await step.run();
      } catch (error) {
        console.error(`clean-up of ${step.name} failed:`, error);
      }
    }
  })();
  return cleaning;
}

/** Ctrl-C and SIGTERM clean up before exiting. */
export function cleanUpOnSignals() {
  let signalled = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (signalled) return;
      signalled = true;
      console.error(`\n${signal}: stopping and cleaning up...`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}
