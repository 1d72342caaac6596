import { cpus } from "node:os";
import pg from "pg";
import { WebSocket } from "ws";
import type { ServerFrame } from "@chatsphere/contract";
import { clientIp } from "../realtime/clients";
import { sleep } from "../realtime/proc";
import { Histogram, nowUs } from "../realtime/stats";
import { call, signInGuest, type Caller, type Site } from "./http";
import { cpuWindow, type PostgresCpu } from "./postgres";

/*
 * admin.deleteAllGuestUsers over the fixture's guests, while a registered user keeps talking
 * in a global room: message.send at a steady rate and message.list beside it (an open loop:
 * each call starts on schedule whether or not the previous one has answered, so a stall
 * shows as latency instead of as fewer calls). The same loop runs first without the purge
 * (the baseline), then during it. A few guests hold a socket open the whole time: the purge
 * must skip them.
 */

export interface PurgeOptions {
  sendRate: number;
  listRate: number;
  warmupS: number;
  baselineS: number;
  onlineGuests: number;
}

export interface LoopStats {
  calls: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface WindowStats {
  windowS: number;
  send: LoopStats;
  list: LoopStats;
  serverCpuS: number;
  postgresCpuS: number;
  /** The machine's busy time that was neither the server, PostgreSQL nor the bench (0-1). */
  otherLoad: number;
}

export interface PurgeCheck {
  what: string;
  expected: number;
  actual: number;
}

export interface PurgeResult {
  guestsBefore: number;
  onlineGuests: number;
  deletedCount: number;
  totalS: number;
  batchSize: number;
  batches: number;
  batchesPerS: number;
  guestsPerS: number;
  /** Guests left, sampled once a second while the purge ran: [seconds since start, guests]. */
  progress: [number, number][];
  /** The longest stretch between two samples in which no guest went. */
  longestStallS: number;
  baseline: WindowStats;
  during: WindowStats;
  checks: PurgeCheck[];
  error: string | null;
}

const ms = (us: number) => us / 1000;

class Loop {
  readonly send = new Histogram();
  readonly list = new Histogram();
  sendErrors = 0;
  listErrors = 0;
  firstError: string | null = null;

  stats(which: "send" | "list"): LoopStats {
    const h = this[which];
    return {
      calls: h.count,
      errors: which === "send" ? this.sendErrors : this.listErrors,
      p50Ms: ms(h.percentile(50)),
      p99Ms: ms(h.percentile(99)),
      maxMs: ms(h.max),
    };
  }
}

/** Calls `fire` `rate` times a second on a fixed schedule until `stop` is set. */
async function paced(rate: number, fire: (n: number) => Promise<void>, stop: { done: boolean }) {
  if (rate <= 0) return;
  const intervalUs = 1e6 / rate;
  const start = nowUs();
  const inFlight = new Set<Promise<void>>();
  for (let n = 0; !stop.done; n++) {
    const due = start + n * intervalUs;
    const wait = due - nowUs();
    if (wait > 1000) await sleep(Math.floor(wait / 1000));
    if (stop.done) break;
    const p = fire(n).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
}

interface Talker {
  caller: Caller;
  roomId: string;
}

/** The send + list loop into `loop` until `stop.done`; message ids stay unique across runs. */
function talk(site: Site, talker: Talker, rates: PurgeOptions, stop: { done: boolean }) {
  let loop = new Loop();
  const tag = Date.now().toString(36);
  const timed = async (which: "send" | "list", run: () => Promise<unknown>) => {
    const current = loop;
    const t = nowUs();
    try {
      await run();
    } catch (error) {
      if (which === "send") current.sendErrors++;
      else current.listErrors++;
      current.firstError ??= String(error);
    }
    current[which].record(nowUs() - t);
  };
  const done = Promise.all([
    paced(
      rates.sendRate,
      (n) =>
        timed("send", () =>
          call(
            site,
            "message/send",
            {
              roomId: talker.roomId,
              content: `bench message ${n} while the admin tidies up`,
              clientId: `b${tag}-${n}`,
            },
            talker.caller,
          ),
        ),
      stop,
    ),
    paced(
      rates.listRate,
      () =>
        timed("list", () =>
          call(site, "message/list", { roomId: talker.roomId, limit: 50 }, talker.caller),
        ),
      stop,
    ),
  ]);
  return {
    done,
    /** Starts a new window; returns the one that ended. */
    rotate() {
      const ended = loop;
      loop = new Loop();
      return ended;
    },
  };
}

/** A guest with an open socket (waits for `welcome`): online on every process. */
async function connectGuest(site: Site, socketUrl: string, index: number) {
  const guest = await signInGuest(site, clientIp(201, index));
  const ws = new WebSocket(socketUrl, {
    headers: { cookie: guest.cookie, origin: site.origin },
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no welcome within 10 s")), 10_000);
    ws.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      if (frame.type === "welcome") {
        clearTimeout(timer);
        resolve();
      }
    });
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade: ${res.statusCode}`)));
  });
  ws.on("error", () => undefined);
  return { guest, close: () => ws.close() };
}

async function count(client: pg.Client, sql: string) {
  const { rows } = await client.query<{ n: string }>(sql);
  return Number(rows[0]?.n ?? Number.NaN);
}

export async function runPurge(options: {
  site: Site;
  socketUrl: string;
  databaseUrl: string;
  admin: Caller;
  talker: Talker;
  serverPid: number;
  postgres: PostgresCpu | null;
  purge: PurgeOptions;
  batchSize: number;
  /** The fixture's guests with messages in global rooms (they stay, without a sender). */
  guestMessagesInGlobalRooms: number;
  log: (line: string) => void;
}): Promise<PurgeResult> {
  const { site, purge, log } = options;
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const sockets: { guest: Caller; close(): void }[] = [];
  try {
    for (let i = 0; i < purge.onlineGuests; i++) {
      sockets.push(await connectGuest(site, options.socketUrl, i));
    }
    const guestsBefore = await count(db, `SELECT count(*) AS n FROM "user" WHERE is_anonymous`);
    const messagesBefore = await count(
      db,
      `SELECT count(*) AS n FROM message m JOIN room r ON r.id = m.room_id
       WHERE r.kind = 'global' AND m.sender_id IS NULL`,
    );
    log(`  ${guestsBefore.toLocaleString("en-US")} guests, ${sockets.length} of them connected`);

    const stop = { done: false };
    const loop = talk(site, options.talker, purge, stop);
    const window = () => {
      const t0 = nowUs();
      const cpu = cpuWindow(options.serverPid, options.postgres);
      return (): WindowStats => {
        const ended = loop.rotate();
        if (ended.firstError) log(`  first failed call of the window: ${ended.firstError}`);
        const windowS = (nowUs() - t0) / 1e6;
        const used = cpu();
        return {
          windowS,
          send: ended.stats("send"),
          list: ended.stats("list"),
          serverCpuS: used.serverCpuS,
          postgresCpuS: used.postgresCpuS,
          otherLoad: used.otherCpuS / (windowS * cpus().length),
        };
      };
    };

    await sleep(purge.warmupS * 1000);
    loop.rotate();
    let end = window();
    await sleep(purge.baselineS * 1000);
    const baseline = end();
    log(
      `  baseline (${baseline.windowS.toFixed(1)} s): send p50 ${baseline.send.p50Ms.toFixed(1)} ` +
        `p99 ${baseline.send.p99Ms.toFixed(1)} ms, list p99 ${baseline.list.p99Ms.toFixed(1)} ms`,
    );

    // Guests left, once a second, from a connection of the bench's own.
    const progress: [number, number][] = [];
    const t0 = nowUs();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const left = await count(db, `SELECT count(*) AS n FROM "user" WHERE is_anonymous`);
        progress.push([(nowUs() - t0) / 1e6, left]);
        await sleep(1000);
      }
    })();
    end = window();
    let deletedCount = Number.NaN;
    let error: string | null = null;
    try {
      const answer = await call<{ deletedCount: number }>(
        site,
        "admin/deleteAllGuestUsers",
        undefined,
        options.admin,
      );
      deletedCount = answer.deletedCount;
    } catch (e) {
      error = String(e);
      log(`  the purge failed: ${error}`);
    }
    const totalS = (nowUs() - t0) / 1e6;
    const during = end();
    stop.done = true;
    sampling = false;
    await Promise.all([loop.done, sampler]);
    progress.push([totalS, await count(db, `SELECT count(*) AS n FROM "user" WHERE is_anonymous`)]);
    log(
      `  purge: ${deletedCount.toLocaleString("en-US")} deleted in ${totalS.toFixed(1)} s; send p50 ` +
        `${during.send.p50Ms.toFixed(1)} p99 ${during.send.p99Ms.toFixed(1)} max ` +
        `${during.send.maxMs.toFixed(1)} ms, list p99 ${during.list.p99Ms.toFixed(1)} ms`,
    );

    let longestStallS = 0;
    let lastChange = 0;
    for (let i = 1; i < progress.length; i++) {
      const [t, left] = progress[i] ?? [0, 0];
      if (left !== progress[i - 1]?.[1]) {
        longestStallS = Math.max(longestStallS, t - lastChange);
        lastChange = t;
      }
    }

    const online = sockets.map((s) => s.guest.userId);
    const checks: PurgeCheck[] = [
      {
        what: "deletedCount = guests who were not connected",
        expected: guestsBefore - online.length,
        actual: deletedCount,
      },
      {
        what: "guests left (the connected ones)",
        expected: online.length,
        actual: await count(
          db,
          `SELECT count(*) AS n FROM "user" WHERE is_anonymous AND id = ANY('{${online.join(",")}}')`,
        ),
      },
      {
        what: "guests left in all",
        expected: online.length,
        actual: await count(db, `SELECT count(*) AS n FROM "user" WHERE is_anonymous`),
      },
      {
        what: "stranger chats left (both sides were guests)",
        expected: 0,
        actual: await count(db, `SELECT count(*) AS n FROM room WHERE kind = 'stranger'`),
      },
      {
        what: "guests' messages kept in global rooms, sender now null",
        expected: messagesBefore + options.guestMessagesInGlobalRooms,
        actual: await count(
          db,
          `SELECT count(*) AS n FROM message m JOIN room r ON r.id = m.room_id
           WHERE r.kind = 'global' AND m.sender_id IS NULL`,
        ),
      },
      {
        what: "sessions of deleted guests (none: cascaded)",
        expected: 0,
        actual: await count(
          db,
          `SELECT count(*) AS n FROM session s LEFT JOIN "user" u ON u.id = s.user_id
           WHERE u.id IS NULL OR (u.is_anonymous AND NOT u.id = ANY('{${online.join(",")}}'))`,
        ),
      },
    ];
    const batches = Math.ceil(guestsBefore / options.batchSize);
    return {
      guestsBefore,
      onlineGuests: online.length,
      deletedCount,
      totalS,
      batchSize: options.batchSize,
      batches,
      batchesPerS: batches / totalS,
      guestsPerS: deletedCount / totalS,
      progress,
      longestStallS,
      baseline,
      during,
      checks,
      error,
    };
  } finally {
    for (const s of sockets) s.close();
    await db.end();
  }
}
