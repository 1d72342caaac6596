/**
 * The realtime benchmark (issue 4 item 6): idle connections, room fan-out against two
 * baselines, the full send path and stranger matching. See bench/README.md.
 *
 *   npm run bench:realtime -- [--quick] [--phases connections,fanout,pairs] [...]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runConnections, type IdleBaseline } from "./phases/connections";
import { runFanout } from "./phases/fanout";
import { runPairs } from "./phases/pairs";
import { runScaleout } from "./phases/scaleout";
import { runSendPath, type SendServer } from "./phases/send-path";
import { SOCKETS_PER_WORKER, WorkerPool } from "./pool";
import { cleanUp, cleanUpOnSignals, coresOf, GENERATOR_CORE, pin, SERVER_CORE } from "./proc";
import type { Target } from "./protocol";
import { renderReport, type Results } from "./report";
import { ROOT, SERVER_ENTRY } from "./servers";

const HELP = `Usage: npm run bench:realtime -- [options]

  --phases <list>        connections,fanout,full-send,scaleout,pairs,pairs-redis (default: all)
  --quick                a ~1-minute smoke run with small numbers
  --connections <n>      idle connections to hold (default: as many as the fd limit allows; quick 1000)
  --targets <list>       fan-out servers: ours,socketio,bare-ws,bare-ws-redis (default: all;
                         bare-ws-redis is the latency control, the bare ws server
                         triggered through Redis as ours is)
  --fanout-clients <n>   receivers in the fan-out (default 2000; quick 300)
  --room-sizes <list>    default 10,100
  --rates <list>         offered deliveries/s (default 25000,50000; quick 25000)
  --send-rate <n>        full send path: message.send calls/s into rooms of 100 (default 100; 0 skips)
  --window <s>           fan-out and full-send measurement window (default 10; quick 2)
  --warmup <s>           warm-up before each window (default 3; quick 1)
  --send-servers <list>  full send path: ours,socketio-pg,embedded (default: all three; ours is
                         PostgreSQL + Redis, socketio-pg the Socket.IO + PostgreSQL baseline,
                         embedded ours on PGlite with the in-process bus)
  --send-rates <list>    full send path: sends/s for ours and the baseline (default 1000,5000;
                         quick 1000)
  --embedded-send-rates <list>  sends/s for the embedded default (default 1000,2000,3000;
                         quick 2000)
  --send-transport <t>   ours' sends: http, ws (a call frame over the member's socket) or both
                         (default both)
  --send-clients <n>     members in the full send path, in rooms of --send-room-size
                         (default 2000; quick 300)
  --send-room-size <n>   default 10
  --send-rounds <n>      full send path: measure each server this many times, in alternating
                         order, and take the median of each round's ratio (default 1)
  --send-interleave <n>  full send path: two servers of --send-servers (ours and socketio-pg,
                         or ours and ours-b: the build at BENCH_SERVER_ENTRY_B) connected at
                         once and measured in n pairs of short slices taking turns (default 0:
                         rounds instead); the embedded default, if asked for, then runs in rounds
  --send-slice <s>       an interleaved slice's window (default 4) after --send-slice-warmup
                         seconds of sending (default 1)
  --baseline-membership <m>  how the baseline checks membership per send: cached (the rooms
                         the socket joined as a member; default) or query (INSERT ... WHERE
                         EXISTS a membership row)
  --pairs-clients <n>    guests in the matching loop (default 1000; quick 300)
  --pairs-window <s>     matching measurement window (default 15; quick 3)
  --pairs-processes <n>  pairs-redis: server processes on PostgreSQL + Redis (default 2)
  --idle-baselines <list>  connections: the baselines then holding as many idle connections
                         as ours (default bare-ws,socketio; none skips them)
  --scaleout-clients <n> scaleout: receivers (default 2000; quick 300)
  --scaleout-room-sizes <list>  scaleout: default 10,100
  --scaleout-rates <list>  scaleout: offered deliveries/s (default 25000)
  --scaleout-rounds <n>  scaleout: one process then two, this many times (default 2; quick 1)
  --scaleout-interleave <n>  scaleout: one process and two both running, each with its own
                         receivers, measured in n pairs of slices taking turns (--send-slice,
                         --send-slice-warmup) instead of rounds (default 0: rounds)
  --scaleout-sides <a,b> the interleaved sides: processes each, b for the build at
                         BENCH_SERVER_ENTRY_B (default 1,2; 2,2b compares two builds)
  --workers <n>          generator processes (default 4)
  --sched-trace          fan-out: record the scheduler's events of both cores in each window
                         (perf, as root) and every delivery's times, and report where the
                         deliveries' time went: each thread on the path running, waiting for
                         a core, asleep or losing its virtual CPU, for all deliveries and for
                         the slowest 1 % (sched-trace.ts)

Needs the built server (npm run build), PostgreSQL on 127.0.0.1:5432 (user postgres) and Redis
on 127.0.0.1:6379 for the fan-out (BENCH_POSTGRES_URL, BENCH_REDIS_URL override them).
BENCH_SERVER_NODE_ARGS adds Node flags to the ChatSphere server (e.g. "--cpu-prof");
BENCH_SERVER_ENTRY runs another build of it (e.g. an older dist copied inside apps/server/).`;

const { values } = parseArgs({
  options: {
    phases: { type: "string", default: "connections,fanout,full-send,scaleout,pairs,pairs-redis" },
    quick: { type: "boolean", default: false },
    connections: { type: "string" },
    targets: { type: "string", default: "ours,socketio,bare-ws,bare-ws-redis" },
    "fanout-clients": { type: "string" },
    "room-sizes": { type: "string", default: "10,100" },
    rates: { type: "string" },
    "send-rate": { type: "string", default: "100" },
    window: { type: "string" },
    warmup: { type: "string" },
    "send-servers": { type: "string", default: "ours,socketio-pg,embedded" },
    "send-rounds": { type: "string", default: "1" },
    "send-interleave": { type: "string", default: "0" },
    "send-slice": { type: "string", default: "4" },
    "send-slice-warmup": { type: "string", default: "1" },
    "send-rates": { type: "string" },
    "embedded-send-rates": { type: "string" },
    "send-transport": { type: "string", default: "both" },
    "send-clients": { type: "string" },
    "send-room-size": { type: "string", default: "10" },
    "baseline-membership": { type: "string", default: "cached" },
    "pairs-clients": { type: "string" },
    "pairs-window": { type: "string" },
    "pairs-processes": { type: "string", default: "2" },
    "idle-baselines": { type: "string", default: "bare-ws,socketio" },
    "scaleout-clients": { type: "string" },
    "scaleout-room-sizes": { type: "string", default: "10,100" },
    "scaleout-rates": { type: "string", default: "25000" },
    "scaleout-rounds": { type: "string" },
    "scaleout-interleave": { type: "string", default: "0" },
    "scaleout-sides": { type: "string", default: "1,2" },
    workers: { type: "string", default: "4" },
    "sched-trace": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.info(HELP);
  process.exit(0);
}

const list = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const numbers = (value: string) => list(value).map(Number);
const num = (value: string | undefined, normal: number, quick: number) =>
  value === undefined ? (values.quick ? quick : normal) : Number(value);

const phases = new Set(list(values.phases));
const oneOf = <T extends string>(option: string, allowed: readonly T[]): T => {
  const value = values[option as keyof typeof values];
  const found = allowed.find((a) => a === value);
  if (found === undefined) {
    console.error(`--${option} must be one of ${allowed.join(", ")}, not ${String(value)}`);
    process.exit(1);
  }
  return found;
};
const sendTransport = oneOf("send-transport", ["http", "ws", "both"] as const);
const baselineMembership = oneOf("baseline-membership", ["cached", "query"] as const);
const log = (line: string) => console.info(line);

/** When the server was built, and whether a source file changed since (a stale build). */
function build() {
  const built = statSync(SERVER_ENTRY).mtimeMs;
  const newer = ["apps/server/src", "packages/contract/src"].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && statSync(join(e.parentPath, e.name)).mtimeMs > built)
      .map((e) => join(e.parentPath, e.name).slice(ROOT.length)),
  );
  return { builtAt: new Date(built).toISOString().slice(0, 16).replace("T", " "), newer };
}

function machine(): Results["machine"] {
  const git = (args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: ROOT }).toString().trim();
    } catch {
      return "?";
    }
  };
  const dirty = git(["status", "--porcelain", "--", "apps", "packages"])
    ? " (+ local changes)"
    : "";
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    cpus: cpus()[0]?.model ?? "?",
    cores: cpus().length,
    commit: git(["rev-parse", "--short", "HEAD"]) + dirty,
    serverBuiltAt: `${build().builtAt} UTC`,
    command: `npm run bench:realtime${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    serverCore: SERVER_CORE,
    generatorCore: GENERATOR_CORE,
    generatorCores: "?",
    memoryGb: Math.round(totalmem() / 2 ** 30),
  };
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const { newer } = build();
  if (newer.length > 0) {
    console.warn(
      `WARNING: apps/server/dist/main.js is older than ${newer.length} source file(s) ` +
        `(${newer.slice(0, 3).join(", ")}${newer.length > 3 ? ", ..." : ""}): ` +
        "the bench measures the last build; run `npm run build` to measure the sources.",
    );
  }
  cleanUpOnSignals();
  // This process and every generator worker it starts run on the generator core.
  pin(GENERATOR_CORE);
  const results: Results = { machine: machine() };
  const workers = Math.max(Number(values.workers), 1);
  const pool = await WorkerPool.start(workers);
  results.machine.generatorCores = [...new Set([coresOf(process.pid), pool.cores])].join(",");
  log(
    `ChatSphere realtime bench: server on core ${SERVER_CORE}, generator (this process + ` +
      `${workers} workers) on core ${results.machine.generatorCores}`,
  );

  if (phases.has("connections")) {
    const requested = num(values.connections, Number.NaN, 1000);
    const max = workers * SOCKETS_PER_WORKER;
    log("\n# Idle connections (embedded default)");
    results.connections = await runConnections(
      {
        connections: Number.isNaN(requested) ? null : Math.min(requested, max),
        settleMs: values.quick ? 2000 : 5000,
        holdMs: values.quick ? 2000 : 10_000,
        baselines: list(values["idle-baselines"]).filter((b) => b !== "none") as IdleBaseline[],
      },
      pool,
      log,
    );
  }
  if (phases.has("fanout")) {
    log("\n# Fan-out");
    results.fanout = await runFanout(
      {
        targets: list(values.targets) as Target[],
        clients: num(values["fanout-clients"], 2000, 300),
        roomSizes: numbers(values["room-sizes"]),
        rates: numbers(values.rates ?? (values.quick ? "25000" : "25000,50000")),
        warmupMs: num(values.warmup, 3, 1) * 1000,
        windowMs: num(values.window, 10, 2) * 1000,
        sendRate: Number(values["send-rate"]),
        schedTrace: values["sched-trace"],
      },
      pool,
      log,
    );
  }
  if (phases.has("full-send")) {
    log("\n# Full send path");
    results.sendPath = await runSendPath(
      {
        servers: list(values["send-servers"]) as SendServer[],
        clients: num(values["send-clients"], 2000, 300),
        roomSize: Number(values["send-room-size"]),
        rates: numbers(values["send-rates"] ?? (values.quick ? "1000" : "1000,5000")),
        embeddedRates: numbers(
          values["embedded-send-rates"] ?? (values.quick ? "2000" : "1000,2000,3000"),
        ),
        transports: sendTransport === "both" ? ["http", "ws"] : [sendTransport],
        membership: baselineMembership,
        warmupMs: num(values.warmup, 3, 1) * 1000,
        windowMs: num(values.window, 10, 2) * 1000,
        rounds: Math.max(1, Number(values["send-rounds"])),
        interleave: Math.max(0, Number(values["send-interleave"])),
        sliceMs: Number(values["send-slice"]) * 1000,
        sliceWarmupMs: Number(values["send-slice-warmup"]) * 1000,
      },
      pool,
      log,
    );
  }
  if (phases.has("pairs")) {
    log("\n# Stranger matching (embedded default)");
    results.pairs = await runPairs(
      {
        clients: num(values["pairs-clients"], 1000, 300),
        warmupMs: values.quick ? 1000 : 3000,
        windowMs: num(values["pairs-window"], 15, 3) * 1000,
        processes: 0,
      },
      pool,
      log,
    );
  }
  if (phases.has("scaleout")) {
    log("\n# Scale-out: one process against two (PostgreSQL + Redis)");
    results.scaleout = await runScaleout(
      {
        clients: num(values["scaleout-clients"], 2000, 300),
        roomSizes: numbers(values["scaleout-room-sizes"]),
        rates: numbers(values["scaleout-rates"]),
        rounds: num(values["scaleout-rounds"], 2, 1),
        warmupMs: num(values.warmup, 3, 1) * 1000,
        windowMs: num(values.window, 10, 2) * 1000,
        interleave: Math.max(0, Number(values["scaleout-interleave"])),
        sides: list(values["scaleout-sides"]),
        sliceMs: Number(values["send-slice"]) * 1000,
        sliceWarmupMs: Number(values["send-slice-warmup"]) * 1000,
      },
      pool,
      log,
    );
  }
  if (phases.has("pairs-redis")) {
    const processes = Math.max(1, Number(values["pairs-processes"]));
    log(`\n# Stranger matching (${processes} processes, PostgreSQL + Redis)`);
    results.pairsRedis = await runPairs(
      {
        clients: num(values["pairs-clients"], 1000, 300),
        warmupMs: values.quick ? 1000 : 3000,
        windowMs: num(values["pairs-window"], 15, 3) * 1000,
        processes,
      },
      pool,
      log,
    );
  }

  const report = renderReport(results);
  console.info(`\n${report}\n`);
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `realtime-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  log(`Results written to ${file}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    process.exit();
  });
