/**
 * The startup bench (issue 15, item 7): how much memory the built server holds, and how long
 * it takes to answer, right after it starts and before anyone connects. The embedded default
 * on an empty DATA_DIR (a first `npm start`), again on the same DATA_DIR (every later start),
 * and the PostgreSQL + Redis configuration for comparison. See bench/README.md.
 *
 *   npm run bench:startup -- [--runs 3] [--settle 5] [--configs first,second,postgres]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { isAbsolute, join } from "node:path";
import { parseArgs } from "node:util";
import { cleanUp, cleanUpOnSignals, GENERATOR_CORE, pin, rssKb, sleep } from "../realtime/proc";
import {
  createServices,
  removeDir,
  ROOT,
  SERVER_ENTRY,
  startOurs,
  tempDir,
  type OurServer,
} from "../realtime/servers";

const HELP = `Usage: npm run bench:startup -- [options]

  --configs <list>   first,second,postgres (default: all three)
                       first     embedded default (PGlite, in-process bus) on an empty DATA_DIR
                       second    embedded default started again on the DATA_DIR of "first"
                       postgres  DATABASE_URL to a fresh database, REDIS_URL set
  --runs <n>         starts of each configuration; the table shows the median (default 3)
  --settle <s>       wait after /healthz answers before reading RSS (default 5)
  --entry <file>     the server to start (default apps/server/dist/main.js), e.g. an older
                     build copied inside apps/server/ to compare against

Needs the built server (npm run build), PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and
Redis on 127.0.0.1:6379 for "postgres" (BENCH_POSTGRES_URL, BENCH_REDIS_URL override them).`;

const { values } = parseArgs({
  options: {
    configs: { type: "string", default: "first,second,postgres" },
    runs: { type: "string", default: "3" },
    settle: { type: "string", default: "5" },
    entry: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.info(HELP);
  process.exit(0);
}

/** Issue 15, item 7: a first start of the embedded default holds at most this much. */
const TARGET_FIRST_START_MB = 350;

const CONFIGS = ["first", "second", "postgres"] as const;
type Config = (typeof CONFIGS)[number];
const LABEL: Record<Config, string> = {
  first: "embedded (PGlite), first start on an empty DATA_DIR",
  second: "embedded (PGlite), second start on the same DATA_DIR",
  postgres: "PostgreSQL + Redis (fresh database)",
};

interface Sample {
  /** VmRSS `settle` seconds after /healthz first answered. */
  rssMb: number;
  /** process.memoryUsage().rss right after a full GC in the server (server-probe.mjs). */
  rssAfterGcMb: number;
  /** VmHWM: the most the process held at any moment of its start. */
  peakMb: number;
  heapUsedMb: number;
  externalMb: number;
  /** From spawning the process to /healthz answering (polled every 200 ms). */
  startS: number;
}

const configs = values.configs
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean)
  .map((name) => {
    const config = CONFIGS.find((c) => c === name);
    if (!config) {
      console.error(`--configs: unknown configuration "${name}" (${CONFIGS.join(", ")})`);
      process.exit(1);
    }
    return config;
  });
const runs = Math.max(1, Number(values.runs));
const settleMs = Number(values.settle) * 1000;
const entry = values.entry
  ? isAbsolute(values.entry)
    ? values.entry
    : join(process.cwd(), values.entry)
  : SERVER_ENTRY;
const MB = 1024 * 1024;
const log = (line: string) => console.info(line);

function peakKb(pid: number) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"));
  return Number.parseInt(line?.slice("VmHWM:".length).trim() ?? "0", 10);
}

/** Starts one server, lets it settle, reads its memory and stops it. */
async function measure(start: () => Promise<OurServer>): Promise<Sample> {
  const startedAt = performance.now();
  const server = await start();
  const startS = (performance.now() - startedAt) / 1000;
  try {
    await sleep(settleMs);
    const rssMb = rssKb(server.pid) / 1024;
    const peakMb = peakKb(server.pid) / 1024;
    const usage = await server.probe();
    return {
      rssMb,
      rssAfterGcMb: usage.rss / MB,
      peakMb,
      heapUsedMb: usage.heapUsed / MB,
      externalMb: usage.external / MB,
      startS,
    };
  } finally {
    await server.stop();
  }
}

/** One run of every configuration asked for; "second" reuses the DATA_DIR of "first". */
async function run(samples: Record<Config, Sample[]>) {
  const dir = tempDir();
  try {
    if (configs.includes("first") || configs.includes("second")) {
      const first = await measure(() => startOurs({ dir, probe: true, entry }));
      if (configs.includes("first")) samples.first.push(first);
      if (configs.includes("second")) {
        samples.second.push(await measure(() => startOurs({ dir, probe: true, entry })));
      }
    }
    if (configs.includes("postgres")) {
      const services = await createServices();
      try {
        samples.postgres.push(await measure(() => startOurs({ services, probe: true, entry })));
      } finally {
        await services.drop();
      }
    }
  } finally {
    await removeDir(dir);
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

function cell(xs: number[], digits: number) {
  const m = median(xs).toFixed(digits);
  if (xs.length < 2) return m;
  return `${m} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
}

function report(samples: Record<Config, Sample[]>, header: string) {
  const rows = configs.map((config) => {
    const s = samples[config];
    const col = (pick: (x: Sample) => number, digits = 0) => cell(s.map(pick), digits);
    return `| ${LABEL[config]} | ${col((x) => x.rssMb)} | ${col((x) => x.rssAfterGcMb)} | ${col((x) => x.peakMb)} | ${col((x) => x.heapUsedMb)} | ${col((x) => x.externalMb)} | ${col((x) => x.startS, 1)} |`;
  });
  const lines = [
    header,
    "",
    `| configuration | RSS after start, MB | RSS after a full GC, MB | peak RSS, MB | V8 heap used, MB | external (WASM, buffers), MB | start, s |`,
    "|---|---|---|---|---|---|---|",
    ...rows,
  ];
  if (configs.includes("first")) {
    const first = median(samples.first.map((s) => s.rssMb));
    const met = first <= TARGET_FIRST_START_MB;
    lines.push(
      "",
      `Target: a first start holds at most ${TARGET_FIRST_START_MB} MB RSS — **${met ? "met" : "not met"}** (median ${first.toFixed(0)} MB).`,
    );
  }
  return lines.join("\n");
}

function git(args: string[]) {
  try {
    return execFileSync("git", args, { cwd: ROOT }).toString().trim();
  } catch {
    return "?";
  }
}

async function main() {
  cleanUpOnSignals();
  // The bench on one core, the server under test (and its first start's child) on the other.
  pin(GENERATOR_CORE);
  const dirty = git(["status", "--porcelain", "--", "apps", "packages"])
    ? " (+ local changes)"
    : "";
  const machine = {
    date: new Date().toISOString().slice(0, 16).replace("T", " "),
    node: process.version,
    cpus: cpus()[0]?.model ?? "?",
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    commit: git(["rev-parse", "--short", "HEAD"]) + dirty,
    entry: entry.startsWith(ROOT) ? entry.slice(ROOT.length) : entry,
    command: `npm run bench:startup${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    loadAverage1m: loadavg()[0] ?? 0,
  };
  const samples: Record<Config, Sample[]> = { first: [], second: [], postgres: [] };
  for (let i = 0; i < runs; i++) {
    log(`run ${i + 1}/${runs}: ${configs.join(", ")}`);
    await run(samples);
  }
  const header =
    `Startup memory, ${machine.date} UTC, ${machine.commit}, ${machine.entry}, node ${machine.node}, ` +
    `${machine.cores} × ${machine.cpus}; ${runs} run(s), median (min–max); RSS read ${settleMs / 1000} s ` +
    `after /healthz answered; load average at start ${machine.loadAverage1m.toFixed(2)}.`;
  log(`\n${report(samples, header)}\n`);
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `startup-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ machine, settleS: settleMs / 1000, samples }, null, 2));
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
