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
import { runConnections } from "./phases/connections";
import { runFanout } from "./phases/fanout";
import { runPairs } from "./phases/pairs";
import { SOCKETS_PER_WORKER, WorkerPool } from "./pool";
import { cleanUp, cleanUpOnSignals, coresOf, GENERATOR_CORE, pin, SERVER_CORE } from "./proc";
import type { Target } from "./protocol";
import { renderReport, type Results } from "./report";
import { ROOT, SERVER_ENTRY } from "./servers";

const HELP = `Usage: npm run bench:realtime -- [options]

  --phases <list>        connections,fanout,pairs (default: all three)
  --quick                a ~1-minute smoke run with small numbers
  --connections <n>      idle connections to hold (default: as many as the fd limit allows; quick 1000)
  --targets <list>       fan-out servers: ours,socketio,bare-ws,bare-ws-redis (default: all;
                         bare-ws-redis is the latency control, the bare ws server
                         triggered through Redis as ours is)
  --fanout-clients <n>   receivers in the fan-out (default 2000; quick 300)
  --room-sizes <list>    default 10,100
  --rates <list>         offered deliveries/s (default 25000,50000; quick 25000)
  --send-rate <n>        full send path: message.send calls/s into rooms of 100 (default 100; 0 skips)
  --window <s>           fan-out measurement window (default 10; quick 2)
  --warmup <s>           warm-up before each window (default 3; quick 1)
  --pairs-clients <n>    guests in the matching loop (default 1000; quick 300)
  --pairs-window <s>     matching measurement window (default 15; quick 3)
  --workers <n>          generator processes (default 4)

Needs the built server (npm run build), PostgreSQL on 127.0.0.1:5432 (user postgres) and Redis
on 127.0.0.1:6379 for the fan-out (BENCH_POSTGRES_URL, BENCH_REDIS_URL override them).
BENCH_SERVER_NODE_ARGS adds Node flags to the ChatSphere server (e.g. "--cpu-prof").`;

const { values } = parseArgs({
  options: {
    phases: { type: "string", default: "connections,fanout,pairs" },
    quick: { type: "boolean", default: false },
    connections: { type: "string" },
    targets: { type: "string", default: "ours,socketio,bare-ws,bare-ws-redis" },
    "fanout-clients": { type: "string" },
    "room-sizes": { type: "string", default: "10,100" },
    rates: { type: "string" },
    "send-rate": { type: "string", default: "100" },
    window: { type: "string" },
    warmup: { type: "string" },
    "pairs-clients": { type: "string" },
    "pairs-window": { type: "string" },
    workers: { type: "string", default: "4" },
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
