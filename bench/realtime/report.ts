import type { ConnectionsResult } from "./phases/connections";
import type { FanoutResult, FanoutRow } from "./phases/fanout";
import type { PairsResult } from "./phases/pairs";
import type { ScaleoutResult } from "./phases/scaleout";
import {
  idleBaselinesTable,
  pairsSection,
  scaleoutSection,
  scaleoutVerdicts,
} from "./report-scaleout";
import {
  SEND_SERVER_LABEL,
  SEND_VIA_LABEL,
  type SendPathResult,
  type SendPathRow,
  type SendVia,
} from "./phases/send-path";
import { TARGET_LABEL, type Target } from "./protocol";
import { tailSection } from "./report-tail";

export interface Machine {
  date: string;
  node: string;
  cpus: string;
  cores: number;
  commit: string;
  serverBuiltAt: string;
  command: string;
  serverCore: number;
  generatorCore: number;
  generatorCores: string;
  memoryGb: number;
}

export interface Results {
  machine: Machine;
  connections?: ConnectionsResult;
  fanout?: FanoutResult;
  pairs?: PairsResult;
  sendPath?: SendPathResult;
  scaleout?: ScaleoutResult;
  /** Matching on several processes (PostgreSQL + Redis). */
  pairsRedis?: PairsResult;
}

/** Issue 4 item 6: the targets on the 2-core machine. */
export const TARGETS = {
  connections: 20_000,
  kbPerConnection: 10,
  vsSocketIo: 1.3,
  vsBareWs: 0.8,
  p99Ms: 5,
  p99AtRate: 25_000,
  pairsPerSecond: 2000,
};

/** Issue 15 items 1 and 2: the full send path. */
export const SEND_TARGETS = {
  /** Ours' sends per CPU-second (every process on the path) over the baseline's, at these rates. */
  vsBaseline: 1.3,
  ratioRates: [1000, 5000],
  p99Ms: 20,
  p99AtRate: 1000,
  embeddedSendsPerSecond: 2000,
  embeddedP99Ms: 50,
};

export const int = (n: number) =>
  Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–";
export const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

export function table(header: string[], rows: string[][]) {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

function connectionsTable(c: ConnectionsResult) {
  return table(
    [
      "held",
      "fd limit",
      "closed in hold",
      "RSS before → first fifth → after (MB)",
      "KB/conn (RSS), each further connection",
      "same, after a full GC",
      "V8 heap used KB/conn, each further",
      "KB/conn (RSS), average over all",
      "V8 heap used KB/conn, average",
      "V8 heap reserved KB/conn, average",
      "external (Buffers, Wasm) KB/conn",
      "open time (s)",
    ],
    [
      [
        int(c.held),
        `${int(c.fdLimit)} (server used ${c.serverFdsBefore})`,
        int(c.closedDuringHold),
        `${fixed(c.rssBeforeKb / 1024, 0)} → ${fixed(c.rssWarmKb / 1024, 0)} → ${fixed(c.rssAfterKb / 1024, 0)}`,
        fixed(c.marginalKbPerConnection, 1),
        fixed(c.marginalGcKbPerConnection, 1),
        fixed(c.marginalHeapKbPerConnection, 1),
        fixed(c.kbPerConnection, 1),
        fixed(c.heapKbPerConnection, 1),
        fixed((c.heapTotalAfterKb - c.heapTotalBeforeKb) / c.held, 1),
        fixed(c.externalKbPerConnection, 1),
        fixed(c.openSeconds, 1),
      ],
    ],
  );
}

export const percent = (cpuS: number, windowS: number) => `${Math.round((100 * cpuS) / windowS)} %`;

function fanoutTable(rows: FanoutRow[]) {
  return table(
    [
      "server",
      "room",
      "offered/s",
      "achieved/s",
      "p50 ms",
      "p99 ms",
      "max ms",
      "server CPU-s",
      "server core busy",
      "deliveries per server CPU-s",
      "generator CPU-s",
      "generator core busy",
      "other load on server core",
      "Redis CPU-s",
    ],
    rows.map((r) => [
      TARGET_LABEL[r.target],
      String(r.roomSize),
      int(r.offeredPerSecond),
      int(r.achievedPerSecond),
      fixed(r.p50Ms),
      fixed(r.p99Ms),
      fixed(r.maxMs, 1),
      fixed(r.serverCpuS),
      percent(r.serverCpuS, r.windowS),
      int(r.deliveriesPerServerCpuS),
      fixed(r.generatorCpuS),
      percent(r.generatorCpuS, r.windowS),
      percent(r.otherOnServerCoreS, r.windowS),
      r.redisCpuS === null ? "–" : fixed(r.redisCpuS),
    ]),
  );
}

/**
 * p50 / p99 side by side. Ours and the Redis control take the same trigger (a Redis PUBLISH
 * from the generator), the other two a WebSocket frame straight from it.
 */
function latencyTable(rows: FanoutRow[]) {
  const keys = [...new Set(rows.map((r) => `${r.roomSize}:${r.offeredPerSecond}`))];
  const targets: Target[] = ["ours", "bare-ws-redis", "bare-ws", "socketio"];
  const cell = (r: FanoutRow | undefined) => (r ? `${fixed(r.p50Ms)} / ${fixed(r.p99Ms)}` : "–");
  return table(
    ["room", "offered/s", ...targets.map((t) => `${TARGET_LABEL[t]}: p50 / p99 ms`)],
    keys.map((key) => {
      const [size, rate] = key.split(":").map(Number) as [number, number];
      return [String(size), int(rate), ...targets.map((t) => cell(find(rows, t, size, rate)))];
    }),
  );
}

/** Every server delivered (almost) all it was offered: nothing was saturated. */
const sustained = (r: FanoutRow) => r.achievedPerSecond >= 0.98 * r.offeredPerSecond;

/**
 * The rate the ratio targets are judged at: the highest offered rate every server (and the
 * generator) sustained for every room size. Above it the generator core saturates first on
 * a 2-core machine, and per-CPU figures stop being comparable.
 */
export function ratioRate(rows: FanoutRow[]): number | null {
  const rates = [...new Set(rows.map((r) => r.offeredPerSecond))].sort((a, b) => b - a);
  return (
    rates.find((rate) => rows.filter((r) => r.offeredPerSecond === rate).every(sustained)) ?? null
  );
}

function find(rows: FanoutRow[], target: string, roomSize: number, rate: number) {
  return rows.find(
    (r) => r.target === target && r.roomSize === roomSize && r.offeredPerSecond === rate,
  );
}

/** Deliveries per server CPU-second side by side, as ratios of ours to each baseline. */
function ratioTable(rows: FanoutRow[]) {
  const keys = [...new Set(rows.map((r) => `${r.roomSize}:${r.offeredPerSecond}`))];
  return table(
    [
      "room",
      "offered/s",
      "ChatSphere",
      "Socket.IO",
      "bare ws",
      "ours / Socket.IO (≥ 1.3)",
      "ours / bare ws (≥ 0.8)",
    ],
    keys.map((key) => {
      const [size, rate] = key.split(":").map(Number) as [number, number];
      const ours = find(rows, "ours", size, rate)?.deliveriesPerServerCpuS ?? Number.NaN;
      const sio = find(rows, "socketio", size, rate)?.deliveriesPerServerCpuS ?? Number.NaN;
      const bare = find(rows, "bare-ws", size, rate)?.deliveriesPerServerCpuS ?? Number.NaN;
      return [
        String(size),
        int(rate),
        int(ours),
        int(sio),
        int(bare),
        fixed(ours / sio),
        fixed(ours / bare),
      ];
    }),
  );
}

/** Every send of the window was made, answered and delivered to the whole room. */
const sendSustained = (r: SendPathRow) =>
  r.failed === 0 &&
  r.sentPerSecond >= 0.98 * r.offeredPerSecond &&
  r.deliveriesPerSecond >= 0.98 * r.offeredPerSecond * r.roomSize;

const sendRowsOf = (rows: SendPathRow[], server: string, via: string, rate?: number) =>
  rows.filter(
    (r) =>
      r.server === server && r.via === via && (rate === undefined || r.offeredPerSecond === rate),
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

const roundsOf = (rows: SendPathRow[]) => [...new Set(rows.map((r) => r.round ?? 1))];

/**
 * Ours over `via` against the baseline at `rate`, round by round (each round measures both,
 * minutes apart at most): each round's ratio, their median, and whether every row sustained
 * the rate. Rows without a partner in their round are left out.
 */
function sendRatio(rows: SendPathRow[], via: SendVia, rate: number) {
  const rounds = roundsOf(rows).flatMap((round) => {
    const inRound = rows.filter((r) => (r.round ?? 1) === round);
    const ours = sendRowsOf(inRound, "ours", via, rate)[0];
    const base = sendRowsOf(inRound, "socketio-pg", "socket.io", rate)[0];
    return ours && base
      ? [{ round, ours, base, ratio: ours.sendsPerCpuS / base.sendsPerCpuS }]
      : [];
  });
  if (rounds.length === 0) return null;
  return {
    rounds,
    ratio: median(rounds.map((r) => r.ratio)),
    ours: median(rounds.map((r) => r.ours.sendsPerCpuS)),
    base: median(rounds.map((r) => r.base.sendsPerCpuS)),
    sustained: rounds.every((r) => sendSustained(r.ours) && sendSustained(r.base)),
  };
}

/**
 * Sends per CPU-second of every process on the path, ours (each transport) beside the
 * baseline; with several rounds, the medians and each round's ratio.
 */
function sendRatioTable(rows: SendPathRow[]) {
  const rates = [
    ...new Set(rows.filter((r) => r.server !== "embedded").map((r) => r.offeredPerSecond)),
  ];
  const vias = [...new Set(rows.filter((r) => r.server === "ours").map((r) => r.via))];
  const several = roundsOf(rows).length > 1;
  const med = several ? " (median)" : "";
  return table(
    [
      "room",
      "sends/s",
      ...vias.map((v) => `ChatSphere, ${SEND_VIA_LABEL[v]}${med}`),
      `Socket.IO + PostgreSQL${med}`,
      ...vias.map(
        (v) =>
          `ours (${SEND_VIA_LABEL[v]}) / baseline (≥ ${SEND_TARGETS.vsBaseline})` +
          (several ? ": median of the rounds' ratios" : ""),
      ),
      ...(several ? vias.map((v) => `each round (${SEND_VIA_LABEL[v]})`) : []),
    ],
    rates.map((rate) => {
      const ratios = vias.map((v) => sendRatio(rows, v, rate));
      const base = sendRowsOf(rows, "socketio-pg", "socket.io", rate).map((r) => r.sendsPerCpuS);
      const ours = vias.map((v) => sendRowsOf(rows, "ours", v, rate).map((r) => r.sendsPerCpuS));
      return [
        String(rows[0]?.roomSize ?? ""),
        int(rate),
        ...ours.map((o) => int(median(o))),
        int(median(base)),
        ...ratios.map((r) => fixed(r?.ratio ?? Number.NaN)),
        ...(several
          ? ratios.map((r) => r?.rounds.map((x) => fixed(x.ratio)).join(", ") ?? "–")
          : []),
      ];
    }),
  );
}

function sendTable(rows: SendPathRow[]) {
  const cpu = (n: number | null) => (n === null ? "–" : fixed(n));
  const several = roundsOf(rows).length > 1;
  return table(
    [
      ...(several ? ["round"] : []),
      "server",
      "sent over",
      "room",
      "offered sends/s",
      "sent/s",
      "deliveries/s",
      "p50 ms",
      "p99 ms",
      "max ms",
      "server CPU-s",
      "PostgreSQL CPU-s (cluster; of it this database)",
      "Redis CPU-s",
      "sends per CPU-s (all on the path)",
      "deliveries per CPU-s",
      "failed sends",
      "not sent: generator / server behind",
      "server core busy",
      "generator core busy",
      "other load on server core",
    ],
    rows.map((r) => [
      ...(several ? [String(r.round ?? 1)] : []),
      SEND_SERVER_LABEL[r.server],
      SEND_VIA_LABEL[r.via],
      String(r.roomSize),
      int(r.offeredPerSecond),
      int(r.sentPerSecond),
      int(r.deliveriesPerSecond),
      fixed(r.p50Ms),
      fixed(r.p99Ms),
      fixed(r.maxMs, 1),
      fixed(r.serverCpuS),
      r.postgresCpuS === null ? "–" : `${fixed(r.postgresCpuS)} (${cpu(r.postgresOwnCpuS)})`,
      cpu(r.redisCpuS),
      int(r.sendsPerCpuS),
      int(r.deliveriesPerCpuS),
      int(r.failed),
      `${int(r.dropped)} / ${int(r.skippedBehind)}`,
      percent(r.serverCpuS, r.windowS),
      percent(r.generatorCpuS, r.windowS),
      percent(r.otherOnServerCoreS, r.windowS),
    ]),
  );
}

/** The sides of an interleaved run at `rate`: ours over `via` and the baseline, pooled. */
function interleavedAt(result: SendPathResult, via: SendVia, rate: number) {
  const sides = result.interleaved?.sides ?? [];
  const ours = sides.find(
    (s) => s.server === "ours" && s.via === via && s.offeredPerSecond === rate,
  );
  const base = sides.find((s) => s.server === "socketio-pg" && s.offeredPerSecond === rate);
  return ours && base ? { ours, base, ratio: ours.sendsPerCpuS / base.sendsPerCpuS } : null;
}

/** An interleaved run's pooled figures, ours beside the baseline, with each pair's ratio. */
function interleavedTable(result: SendPathResult) {
  const run = result.interleaved;
  if (!run) return "";
  const cpu = (n: number | null) => (n === null ? "–" : fixed(n));
  const lines = run.sides.map((s, index) => {
    // The sides come in pairs per rate, the first one measured first in every pair.
    const other = index % 2 === 0 ? run.sides[index + 1] : undefined;
    const pairs = other
      ? roundsOf(result.rows).flatMap((round) => {
          const inRound = result.rows.filter((r) => r.round === round);
          const mine = sendRowsOf(inRound, s.server, s.via, s.offeredPerSecond)[0];
          const theirs = sendRowsOf(inRound, other.server, other.via, s.offeredPerSecond)[0];
          return mine && theirs ? [mine.sendsPerCpuS / theirs.sendsPerCpuS] : [];
        })
      : [];
    return [
      SEND_SERVER_LABEL[s.server],
      SEND_VIA_LABEL[s.via],
      int(s.offeredPerSecond),
      `${s.slices} × ${fixed(s.windowS / s.slices, 1)} s`,
      int(s.answered / s.windowS),
      int(s.deliveries / s.windowS),
      fixed(s.serverCpuS),
      cpu(s.postgresCpuS),
      cpu(s.redisCpuS),
      int(s.sendsPerCpuS),
      fixed(s.p50Ms),
      fixed(s.p99Ms),
      fixed(s.maxMs, 1),
      int(s.failed),
      other && pairs.length > 0
        ? `**${fixed(s.sendsPerCpuS / other.sendsPerCpuS)}** (pairs: median ${fixed(median(pairs))}, ${fixed(Math.min(...pairs))}-${fixed(Math.max(...pairs))})`
        : "",
    ];
  });
  return table(
    [
      "server",
      "sent over",
      "offered sends/s",
      "slices",
      "answered/s",
      "deliveries/s",
      "server CPU-s",
      "PostgreSQL CPU-s (cluster)",
      "Redis CPU-s",
      "sends per CPU-s (all on the path, pooled)",
      "p50 ms",
      "p99 ms",
      "max ms",
      "failed sends",
      `this side / the next, pooled (ours / baseline: ≥ ${SEND_TARGETS.vsBaseline})`,
    ],
    lines,
  );
}

function interleavedVerdicts(result: SendPathResult): Verdict[] {
  const run = result.interleaved;
  if (!run) return [];
  const out: Verdict[] = [];
  const vias = [...new Set(run.sides.filter((s) => s.server === "ours").map((s) => s.via))];
  for (const via of vias) {
    const label = SEND_VIA_LABEL[via];
    for (const rate of SEND_TARGETS.ratioRates) {
      const found = interleavedAt(result, via, rate);
      const pairs = sendRatio(result.rows, via, rate);
      if (!found || !pairs) continue;
      const sustained = found.ours.sustained && found.base.sustained;
      out.push({
        target: `full send path over ${label}, rooms of ${result.roomSize}: sends per CPU-s (server, PostgreSQL, Redis) ≥ ${SEND_TARGETS.vsBaseline} × Socket.IO + PostgreSQL's (at ${int(rate)} sends/s)`,
        result:
          `${fixed(found.ratio)} × (${int(found.ours.sendsPerCpuS)} against ${int(found.base.sendsPerCpuS)}), ` +
          `pooled over ${run.pairs} interleaved pairs of ${fixed(run.sliceS, 0)}-s slices; ` +
          `the pairs' ratios ${pairs.rounds.map((r) => fixed(r.ratio)).join(", ")} (median ${fixed(pairs.ratio)})` +
          (sustained ? "" : "; a server did not sustain the rate, so the ratio is not comparable"),
        met: sustained ? found.ratio >= SEND_TARGETS.vsBaseline : null,
      });
    }
    const found = interleavedAt(result, via, SEND_TARGETS.p99AtRate);
    if (found) {
      out.push({
        target: `full send path over ${label}: p99 send to delivery ≤ ${SEND_TARGETS.p99Ms} ms at ${int(SEND_TARGETS.p99AtRate)} sends/s`,
        result:
          `${fixed(found.ours.p99Ms)} ms over all ${found.ours.slices} slices' deliveries, ${int(found.ours.failed)} failed ` +
          `(Socket.IO + PostgreSQL: ${fixed(found.base.p99Ms)} ms)`,
        met: found.ours.p99Ms <= SEND_TARGETS.p99Ms && found.ours.failed === 0,
      });
    }
  }
  return out;
}

function sendVerdicts(result: SendPathResult): Verdict[] {
  if (result.interleaved) {
    // Ours against the baseline from the pooled slices; the embedded default's rows as always.
    const embedded = result.rows.filter((r) => r.server === "embedded");
    return [
      ...interleavedVerdicts(result),
      ...sendVerdicts({ ...result, interleaved: undefined, rows: embedded }),
    ];
  }
  const out: Verdict[] = [];
  const rows = result.rows;
  const several = roundsOf(rows).length > 1;
  const eachRound = (values: number[], unit = "") =>
    several ? ` (rounds: ${values.map((v) => fixed(v) + unit).join(", ")})` : "";
  const vias = [...new Set(rows.filter((r) => r.server !== "socketio-pg").map((r) => r.via))];
  for (const via of vias) {
    const label = SEND_VIA_LABEL[via];
    for (const rate of SEND_TARGETS.ratioRates) {
      const found = sendRatio(rows, via, rate);
      if (!found) continue;
      out.push({
        target: `full send path over ${label}, rooms of ${result.roomSize}: sends per CPU-s (server, PostgreSQL, Redis) ≥ ${SEND_TARGETS.vsBaseline} × Socket.IO + PostgreSQL's (at ${int(rate)} sends/s)`,
        result:
          `${fixed(found.ratio)} × (${int(found.ours)} against ${int(found.base)})` +
          (several ? `, the median of ${found.rounds.length} rounds` : "") +
          eachRound(
            found.rounds.map((r) => r.ratio),
            " ×",
          ) +
          (found.sustained
            ? ""
            : "; a server did not sustain the rate, so the ratio is not comparable"),
        met: found.sustained ? found.ratio >= SEND_TARGETS.vsBaseline : null,
      });
    }
    const slow = sendRowsOf(rows, "ours", via, SEND_TARGETS.p99AtRate);
    if (slow.length > 0) {
      const p99 = median(slow.map((r) => r.p99Ms));
      const failed = slow.reduce((sum, r) => sum + r.failed, 0);
      const base = sendRowsOf(rows, "socketio-pg", "socket.io", SEND_TARGETS.p99AtRate);
      out.push({
        target: `full send path over ${label}: p99 send to delivery ≤ ${SEND_TARGETS.p99Ms} ms at ${int(SEND_TARGETS.p99AtRate)} sends/s`,
        result:
          `${fixed(p99)} ms${several ? " (median)" : ""}${eachRound(
            slow.map((r) => r.p99Ms),
            " ms",
          )}, ${int(failed)} failed` +
          (base.length > 0
            ? ` (Socket.IO + PostgreSQL: ${fixed(median(base.map((r) => r.p99Ms)))} ms)`
            : ""),
        met: p99 <= SEND_TARGETS.p99Ms && failed === 0,
      });
    }
    const embedded = sendRowsOf(rows, "embedded", via);
    const rates = [...new Set(embedded.map((r) => r.offeredPerSecond))].sort((a, b) => a - b);
    if (rates.length > 0) {
      const perRate = rates.map((rate) => {
        const at = embedded.filter((r) => r.offeredPerSecond === rate);
        return {
          rate,
          at,
          p99: median(at.map((r) => r.p99Ms)),
          sent: median(at.map((r) => r.sentPerSecond)),
          failed: at.reduce((sum, r) => sum + r.failed, 0),
          sustained: at.every(sendSustained),
        };
      });
      const good = perRate.filter((r) => r.sustained && r.p99 <= SEND_TARGETS.embeddedP99Ms);
      const best = good[good.length - 1];
      out.push({
        target: `embedded default over ${label}: ≥ ${int(SEND_TARGETS.embeddedSendsPerSecond)} sends/s into rooms of ${result.roomSize} with p99 ≤ ${SEND_TARGETS.embeddedP99Ms} ms`,
        result:
          (best
            ? `${int(best.sent)} sends/s sustained at p99 ${fixed(best.p99)} ms${several ? " (medians)" : ""}`
            : "no offered rate sustained within the p99") +
          ` (offered ${perRate
            .map(
              (r) =>
                `${int(r.rate)}: p99 ${fixed(r.p99)} ms${eachRound(
                  r.at.map((x) => x.p99Ms),
                  " ms",
                )}, ${int(r.failed)} failed`,
            )
            .join("; ")})`,
        met: best ? best.rate >= SEND_TARGETS.embeddedSendsPerSecond : false,
      });
    }
  }
  return out;
}

type Verdict = { target: string; result: string; met: boolean | null };

function verdicts(results: Results): Verdict[] {
  const out: Verdict[] = [];
  const c = results.connections;
  if (c) {
    out.push({
      target: `${int(TARGETS.connections)} idle authenticated connections`,
      result: `${int(c.held)} held (the sandbox's open-file limit allows ${int(c.fdLimit - c.serverFdsBefore - 50)} in one process), ${c.closedDuringHold} closed`,
      met: c.held >= TARGETS.connections ? c.closedDuringHold === 0 : null,
    });
    out.push({
      target: `≤ ${TARGETS.kbPerConnection} KB server memory per connection`,
      result:
        `${fixed(c.marginalKbPerConnection, 1)} KB RSS for each connection after the first fifth ` +
        `(${fixed(c.marginalGcKbPerConnection, 1)} KB after a full GC); ` +
        `${fixed(c.kbPerConnection, 1)} KB averaged over all, warm-up included`,
      met: c.marginalKbPerConnection <= TARGETS.kbPerConnection,
    });
  }
  const rows = results.fanout?.rows ?? [];
  const sizes = [...new Set(rows.map((r) => r.roomSize))];
  const rate = ratioRate(rows);
  for (const size of sizes) {
    const ours = rate === null ? undefined : find(rows, "ours", size, rate);
    const sio = rate === null ? undefined : find(rows, "socketio", size, rate);
    const bare = rate === null ? undefined : find(rows, "bare-ws", size, rate);
    if (ours && sio) {
      const ratio = ours.deliveriesPerServerCpuS / sio.deliveriesPerServerCpuS;
      out.push({
        target: `rooms of ${size}: deliveries per server CPU-s ≥ ${TARGETS.vsSocketIo} × Socket.IO's (at ${int(ours.offeredPerSecond)}/s)`,
        result: `${fixed(ratio)} ×`,
        met: ratio >= TARGETS.vsSocketIo,
      });
    }
    if (ours && bare) {
      const ratio = ours.deliveriesPerServerCpuS / bare.deliveriesPerServerCpuS;
      out.push({
        target: `rooms of ${size}: deliveries per server CPU-s ≥ ${TARGETS.vsBareWs} × bare ws (at ${int(ours.offeredPerSecond)}/s)`,
        result: `${fixed(ratio)} ×`,
        met: ratio >= TARGETS.vsBareWs,
      });
    }
    const slow = find(rows, "ours", size, TARGETS.p99AtRate);
    if (slow) {
      const control = find(rows, "bare-ws-redis", size, TARGETS.p99AtRate);
      const direct = find(rows, "bare-ws", size, TARGETS.p99AtRate);
      const beside = [
        control ? `bare ws triggered through Redis as ours is: ${fixed(control.p99Ms)} ms` : "",
        direct ? `bare ws triggered directly: ${fixed(direct.p99Ms)} ms` : "",
      ].filter(Boolean);
      out.push({
        target: `rooms of ${size}: p99 ≤ ${TARGETS.p99Ms} ms at ${int(TARGETS.p99AtRate)} deliveries/s`,
        result: `${fixed(slow.p99Ms)} ms` + (beside.length ? ` (${beside.join("; ")})` : ""),
        met: slow.p99Ms <= TARGETS.p99Ms,
      });
    }
  }
  if (rows.length > 0 && rate === null) {
    out.push({
      target: "ratio targets",
      result: "no offered rate was sustained by every server: run lower --rates",
      met: null,
    });
  }
  if (results.sendPath) out.push(...sendVerdicts(results.sendPath));
  const p = results.pairs;
  if (p) {
    out.push({
      target: `≥ ${int(TARGETS.pairsPerSecond)} matched pairs/s (embedded default)`,
      result: `${int(p.pairsPerSecond)} pairs/s`,
      met: p.pairsPerSecond >= TARGETS.pairsPerSecond,
    });
  }
  out.push(...scaleoutVerdicts(results));
  return out;
}

const mark = (met: boolean | null) => (met === null ? "n/a" : met ? "met" : "NOT met");

/** The whole report as markdown, ready to paste into bench/README.md. */
export function renderReport(results: Results): string {
  const m = results.machine;
  const parts = [
    `## Results ${m.date}`,
    "",
    `Machine: ${m.cores} cores (${m.cpus}), ${m.memoryGb} GB, Node ${m.node}; commit ${m.commit}, ` +
      `server built ${m.serverBuiltAt}. ` +
      `Server under test pinned to core ${m.serverCore}, generator to core ${m.generatorCores}.`,
    "",
    `Command: \`${m.command}\``,
  ];
  if (results.connections) {
    parts.push(
      "",
      "### Idle connections (embedded default)",
      "",
      connectionsTable(results.connections),
    );
    if (results.connections.baselines.length > 0) {
      parts.push(
        "",
        "### Idle connections beside the baselines (as many connections, the same steps)",
        "",
        idleBaselinesTable(results.connections),
      );
    }
  }
  const fanout = results.fanout;
  if (fanout && fanout.rows.length > 0) {
    const rate = ratioRate(fanout.rows);
    parts.push(
      "",
      "### Fan-out: deliveries per server CPU-second",
      "",
      ratioTable(fanout.rows),
      "",
      rate === null
        ? "No offered rate was sustained by every server and the generator."
        : `Targets are judged at ${int(rate)} deliveries/s, the highest offered rate every server ` +
            "and the generator sustained (achieved ≥ 98 % of offered) for every room size.",
      "",
      "### Fan-out: latency",
      "",
      latencyTable(fanout.rows),
      "",
      "### Fan-out: absolute figures",
      "",
      fanoutTable(fanout.rows),
    );
    const tail = tailSection(fanout.rows);
    if (tail.length > 0) parts.push("", "### Fan-out: where the deliveries' time went", ...tail);
  }
  if (fanout?.fullSend) {
    const f = fanout.fullSend;
    parts.push(
      "",
      "### Full send path (ours: message.send over HTTP -> PostgreSQL -> Redis -> sockets)",
      "",
      table(
        [
          "room",
          "sends/s",
          "deliveries/s",
          "p50 ms",
          "p99 ms",
          "server CPU-s",
          "server CPU µs per delivery",
          "failed sends",
          "generator CPU-s",
          "other load on server core",
        ],
        [
          [
            String(f.roomSize),
            int(f.sendsPerSecond),
            int(f.deliveriesPerSecond),
            fixed(f.p50Ms),
            fixed(f.p99Ms),
            fixed(f.serverCpuS),
            fixed(f.serverCpuUsPerDelivery, 1),
            int(f.rpcErrors),
            fixed(f.generatorCpuS),
            percent(f.otherOnServerCoreS, f.windowS),
          ],
        ],
      ),
    );
  }
  const send = results.sendPath;
  if (send && send.rows.length > 0) {
    parts.push(
      "",
      "### Full send path: sends per CPU-second (server, PostgreSQL cluster and Redis counted)",
      "",
      send.rows.some((r) => r.server === "socketio-pg")
        ? sendRatioTable(send.rows)
        : "(no baseline in this run)",
      "",
      `${int(send.clients)} members in rooms of ${send.roomSize}; every member of a room sends in ` +
        "turn and receives every message of its room (its own included). The baseline checks " +
        (send.membership === "cached"
          ? "membership against the rooms the socket joined as a member (no query per send)."
          : "membership in its insert (INSERT ... WHERE EXISTS a membership row).") +
        ((send.rounds ?? 1) > 1
          ? ` ${send.rounds} rounds, each measuring every server once, in alternating order; the ` +
            "ratio is the median of the rounds' ratios."
          : ""),
      "",
      "### Full send path: absolute figures",
      "",
      sendTable(send.rows),
    );
    if (send.interleaved) {
      const run = send.interleaved;
      parts.push(
        "",
        "### Full send path, interleaved: each side's slices pooled",
        "",
        interleavedTable(send),
        "",
        `Both servers ran and held their members at once; they were measured in ${run.pairs} ` +
          `pairs of ${fixed(run.sliceS, 0)}-s slices (each after ${fixed(run.sliceWarmupS, 0)} s of sending), ` +
          "taking turns (the first listed, then the other), so both saw the " +
          "same stretches of the machine. In the tables above, a round is a pair of slices. Pooled: " +
          "a side's answered sends over its CPU in all its slices, and its latencies in one histogram.",
      );
    }
  }
  const p = results.pairs;
  if (p) {
    parts.push(
      "",
      "### Stranger matching (embedded default)",
      "",
      table(
        [
          "guests",
          "window s",
          "pairs",
          "pairs/s",
          "server CPU-s",
          "server CPU ms per pair",
          "generator CPU-s",
          "other load on server core",
          "RPC calls / errors (whole run)",
        ],
        [
          [
            int(p.clients),
            fixed(p.windowS, 1),
            int(p.pairs),
            int(p.pairsPerSecond),
            fixed(p.serverCpuS),
            fixed(p.serverCpuMsPerPair, 2),
            fixed(p.generatorCpuS),
            percent(p.otherOnServerCoreS, p.windowS),
            `${int(p.rpcCalls)} / ${int(p.rpcErrors)}`,
          ],
        ],
      ),
    );
  }
  if (results.scaleout) parts.push(...scaleoutSection(results.scaleout));
  parts.push(...pairsSection(results));
  const v = verdicts(results);
  if (v.length > 0) {
    parts.push(
      "",
      "### Targets",
      "",
      table(
        ["target", "result", ""],
        v.map((x) => [x.target, x.result, mark(x.met)]),
      ),
    );
  }
  return parts.join("\n");
}
