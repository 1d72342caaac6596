/**
 * The admin bench (issue 13): admin.listUsers with name filters over a million users on
 * PostgreSQL, and admin.deleteAllGuestUsers over 100 000 guests while a user keeps sending
 * messages. See bench/README.md.
 *
 *   npm run bench:admin -- [--quick] [--phases list,purge] [...]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createAgent } from "../realtime/clients";
import { cleanUp, cleanUpOnSignals, coresOf, GENERATOR_CORE, pin, sleep } from "../realtime/proc";
import { createServices, ROOT, SERVER_ENTRY, startOurs } from "../realtime/servers";
import { loadUsers } from "./fixture";
import { call, createAdmin, signUp, type Site } from "./http";
import { LIST_CASES, runList } from "./list-phase";
import { machineBusySeconds, PostgresCpu, postgresVersion } from "./postgres";
import { runPurge } from "./purge-phase";
import { renderReport, type AdminResults } from "./report";

const HELP = `Usage: npm run bench:admin -- [options]

  --phases <list>      list,purge (default: both)
  --quick              a ~1-minute smoke run: 100 000 users, 10 000 guests, few calls
  --users <n>          users in all, guests included (default 1000000; quick 100000)
  --guests <n>         of them guests, the purge's work (default 100000; quick 10000)
  --calls <n>          listUsers calls per filter and page (default 300; quick 40)
  --max-seconds <s>    ...or fewer once this long and at least --min-calls (default 12; quick 3)
  --min-calls <n>      default 20; quick 8
  --concurrency <n>    listUsers calls in flight (default 4)
  --limit <n>          rows per page (default 10, the page's default)
  --send-rate <n>      message.send per second during the purge loop (default 50)
  --list-rate <n>      message.list per second beside it (default 10)
  --baseline <s>       the loop's window before the purge (default 15; quick 5)
  --online <n>         guests holding a socket through the purge (skipped; default 20)

Needs the built server (npm run build), PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and
Redis on 127.0.0.1:6379 (BENCH_POSTGRES_URL, BENCH_REDIS_URL override them).`;

const { values } = parseArgs({
  options: {
    phases: { type: "string", default: "list,purge" },
    quick: { type: "boolean", default: false },
    users: { type: "string" },
    guests: { type: "string" },
    calls: { type: "string" },
    "max-seconds": { type: "string" },
    "min-calls": { type: "string" },
    concurrency: { type: "string", default: "4" },
    limit: { type: "string", default: "10" },
    "send-rate": { type: "string", default: "50" },
    "list-rate": { type: "string", default: "10" },
    baseline: { type: "string" },
    online: { type: "string", default: "20" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.info(HELP);
  process.exit(0);
}

const num = (value: string | undefined, normal: number, quick: number) =>
  value === undefined ? (values.quick ? quick : normal) : Number(value);
const phases = new Set(values.phases.split(",").map((s) => s.trim()));
const log = (line: string) => console.info(line);

/** The rate limits stay on, a thousand times higher (servers.ts starts ours with this). */
const RATE_LIMIT_SCALE = 1000;
/** apps/server/src/features/admin-users/guest-purge.ts GUEST_PURGE_BATCH. */
const GUEST_PURGE_BATCH = 1000;

function git(args: string[]) {
  try {
    return execFileSync("git", args, { cwd: ROOT }).toString().trim();
  } catch {
    return "?";
  }
}

/** When the server was built, and the source files changed since (a stale build). */
function build() {
  const built = statSync(SERVER_ENTRY).mtimeMs;
  const newer = ["apps/server/src", "packages/contract/src"].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && statSync(join(e.parentPath, e.name)).mtimeMs > built)
      .map((e) => join(e.parentPath, e.name).slice(ROOT.length)),
  );
  return { builtAt: new Date(built).toISOString().slice(0, 16).replace("T", " "), newer };
}

async function generalRoom(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM room WHERE kind = 'global' AND name = 'General'`,
    );
    const id = rows[0]?.id;
    if (!id) throw new Error("no global room General");
    return id;
  } finally {
    await client.end();
  }
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const { builtAt, newer } = build();
  if (newer.length > 0) {
    console.warn(
      `WARNING: apps/server/dist/main.js is older than ${newer.length} source file(s) ` +
        `(${newer.slice(0, 3).join(", ")}${newer.length > 3 ? ", ..." : ""}): ` +
        "the bench measures the last build; run `npm run build` to measure the sources.",
    );
  }
  cleanUpOnSignals();
  pin(GENERATOR_CORE);
  const startedAt = Date.now();
  // What else keeps this machine busy: the figures are only comparable on a quiet machine.
  const busy0 = machineBusySeconds();
  await sleep(3000);
  const loadAtStart = (machineBusySeconds() - busy0) / (3 * cpus().length);
  if (loadAtStart > 0.1) {
    console.warn(
      `WARNING: ${Math.round(loadAtStart * 100)} % of this machine's CPU was busy before the ` +
        'bench started: other processes will blur the figures (see the "other load" columns).',
    );
  }

  const users = num(values.users, 1_000_000, 100_000);
  const guests = num(values.guests, 100_000, 10_000);
  const settings: AdminResults["settings"] = {
    limit: Number(values.limit),
    concurrency: Number(values.concurrency),
    calls: num(values.calls, 300, 40),
    maxSeconds: num(values["max-seconds"], 12, 3),
    minCalls: num(values["min-calls"], 20, 8),
    sendRate: Number(values["send-rate"]),
    listRate: Number(values["list-rate"]),
    baselineS: num(values.baseline, 15, 5),
  };
  const dirty = git(["status", "--porcelain", "--", "apps", "packages"])
    ? " + uncommitted changes"
    : "";

  const services = await createServices();
  log(`ChatSphere admin bench: scratch database ${services.databaseUrl.split("/").pop()}`);
  const server = await startOurs({ services });
  const results: AdminResults = {
    machine: {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpuModel: cpus()[0]?.model ?? "?",
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      commit: git(["rev-parse", "--short", "HEAD"]) + dirty,
      serverBuiltAt: `${builtAt} UTC`,
      command: `npm run bench:admin${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
      postgres: await postgresVersion(services.databaseUrl),
      benchCores: coresOf(process.pid),
      serverCores: coresOf(server.pid),
      rateLimitScale: RATE_LIMIT_SCALE,
      loadAtStart,
    },
    settings,
  };
  log(
    `server pid ${server.pid} on core ${results.machine.serverCores}, bench on core ` +
      `${results.machine.benchCores}; ${results.machine.postgres}`,
  );

  log(`\n# Loading ${users.toLocaleString("en-US")} users`);
  results.fixture = await loadUsers(
    services.databaseUrl,
    {
      registered: users - guests,
      guests,
      guestMemberShare: 0.5,
      strangerRooms: Math.floor(guests / 5),
      strangerMessagesEach: 3,
      seed: 0.42,
    },
    log,
  );

  const site: Site = {
    origin: server.origin,
    agent: createAgent(Math.max(settings.concurrency, 8)),
  };
  const admin = await createAdmin(
    site,
    "bench-admin@example.com",
    "bench-password-1",
    "10.200.0.1",
  );
  const talker = await signUp(site, "bench-talker@example.com", "bench-password-1", "10.200.0.2");
  const roomId = await generalRoom(services.databaseUrl);
  await call(site, "room/join", { roomId }, talker);
  const postgres = await PostgresCpu.find(services.databaseUrl);
  if (!postgres) log("(could not find the PostgreSQL postmaster: its CPU is not reported)");

  try {
    if (phases.has("list")) {
      log("\n# admin.listUsers");
      results.list = await runList({
        site,
        admin,
        serverPid: server.pid,
        postgres,
        cases: LIST_CASES,
        list: { ...settings, warmupCalls: settings.concurrency * 2 },
        log,
      });
    }
    if (phases.has("purge")) {
      log("\n# admin.deleteAllGuestUsers");
      results.purge = await runPurge({
        site,
        socketUrl: server.socketUrl,
        databaseUrl: services.databaseUrl,
        admin,
        talker: { caller: talker, roomId },
        serverPid: server.pid,
        postgres,
        purge: {
          sendRate: settings.sendRate,
          listRate: settings.listRate,
          warmupS: 3,
          baselineS: settings.baselineS,
          onlineGuests: Number(values.online),
        },
        batchSize: GUEST_PURGE_BATCH,
        guestMessagesInGlobalRooms: results.fixture.counts.guestMessagesInGlobalRooms,
        log,
      });
    }
  } finally {
    site.agent.destroy();
    await server.stop();
  }
  results.totalS = (Date.now() - startedAt) / 1000;

  const report = renderReport(results);
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `admin-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.info(`\n${report}\n\nJSON: ${file.slice(ROOT.length)}`);
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
