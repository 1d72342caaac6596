/**
 * The report's tables and verdicts for issue 15 items 3 and 4: idle memory beside the
 * baselines, scale-out overhead (one process against two), matching on two processes and the
 * double-match checks. report.ts places them.
 */
import type { ConnectionsResult } from "./phases/connections";
import type { PairsResult } from "./phases/pairs";
import type { ScaleoutResult, ScaleoutRow } from "./phases/scaleout";
import { TARGET_LABEL } from "./protocol";
import { fixed, int, percent, table } from "./report";

export const SCALEOUT_TARGETS = {
  /** Deliveries per CPU-second of two processes over one's (everything on the path counted). */
  twoOverOne: 0.85,
  pairsPerSecondRedis: 1000,
};

type Verdict = { target: string; result: string; met: boolean | null };

/** KB per idle connection, ours and the baselines holding as many, side by side. */
export function idleBaselinesTable(c: ConnectionsResult) {
  const mb = (kb: number) => fixed(kb / 1024, 0);
  const rows = [
    {
      label: "ChatSphere (embedded default)",
      held: c.held,
      closed: c.closedDuringHold,
      rss: `${mb(c.rssBeforeKb)} → ${mb(c.rssWarmKb)} → ${mb(c.rssAfterKb)}`,
      marginal: c.marginalKbPerConnection,
      marginalGc: c.marginalGcKbPerConnection,
      marginalHeap: c.marginalHeapKbPerConnection,
      average: c.kbPerConnection,
      averageGc: c.gcKbPerConnection,
      averageHeap: c.heapKbPerConnection,
    },
    ...c.baselines.map((b) => ({
      label: TARGET_LABEL[b.target],
      held: b.held,
      closed: b.closedDuringHold,
      rss: `${mb(b.rssBeforeKb)} → ${mb(b.rssWarmKb)} → ${mb(b.rssAfterKb)}`,
      marginal: b.marginalKbPerConnection,
      marginalGc: b.marginalGcKbPerConnection,
      marginalHeap: b.marginalHeapKbPerConnection,
      average: b.kbPerConnection,
      averageGc: b.gcKbPerConnection,
      averageHeap: b.heapKbPerConnection,
    })),
  ];
  return table(
    [
      "server",
      "held",
      "closed in hold",
      "RSS before → first fifth → after (MB)",
      "KB/conn (RSS), each further connection",
      "same, after a full GC",
      "V8 heap used KB/conn, each further",
      "KB/conn (RSS), average over all",
      "same, after a full GC",
      "V8 heap used KB/conn, average",
    ],
    rows.map((r) => [
      r.label,
      int(r.held),
      int(r.closed),
      r.rss,
      fixed(r.marginal, 1),
      fixed(r.marginalGc, 1),
      fixed(r.marginalHeap, 1),
      fixed(r.average, 1),
      fixed(r.averageGc, 1),
      fixed(r.averageHeap, 1),
    ]),
  );
}

const sustained = (r: ScaleoutRow) => r.achievedPerSecond >= 0.98 * r.offeredPerSecond;

/**
 * One configuration's windows over the rounds: deliveries over the CPU of all of them. A
 * window that fell behind the offered rate (something else held the server core: its backlog
 * makes the server batch, and its CPU per delivery is not comparable) is left out when at
 * least one round sustained the rate.
 */
interface Pooled {
  /** Rounds counted, of all. */
  rounds: number;
  of: number;
  deliveriesPerCpuS: number;
  deliveriesPerServerCpuS: number;
  sustained: boolean;
  latencies: string;
}

function pooled(all: ScaleoutRow[]): Pooled | undefined {
  if (all.length === 0) return undefined;
  const kept = all.filter(sustained);
  const rows = kept.length > 0 ? kept : all;
  const sum = (f: (r: ScaleoutRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    rounds: rows.length,
    of: all.length,
    deliveriesPerCpuS: sum((r) => r.deliveries) / sum((r) => r.totalCpuS),
    deliveriesPerServerCpuS: sum((r) => r.deliveries) / sum((r) => r.serverCpuS),
    sustained: kept.length > 0,
    latencies: all
      .map((r) => `${fixed(r.p50Ms)} / ${fixed(r.p99Ms)}${sustained(r) ? "" : " (behind)"}`)
      .join(", "),
  };
}

/** A row's side: an interleaved run's label, or its processes ("1", "2"). */
const sideOf = (r: ScaleoutRow) => r.side ?? String(r.processes);

/** One process and two of the build under test (an A/B run's "2b" side is neither). */
function pairOf(rows: ScaleoutRow[], roomSize: number, rate: number) {
  const of = (side: string) =>
    pooled(
      rows.filter(
        (r) => sideOf(r) === side && r.roomSize === roomSize && r.offeredPerSecond === rate,
      ),
    );
  return { one: of("1"), two: of("2") };
}

const keysOf = (rows: ScaleoutRow[]) =>
  [...new Set(rows.map((r) => `${r.roomSize}:${r.offeredPerSecond}`))].map(
    (key) => key.split(":").map(Number) as [number, number],
  );

export function scaleoutSection(s: ScaleoutResult): string[] {
  const ratios = table(
    [
      "room",
      "offered/s",
      "rounds counted (1 / 2 processes)",
      "1 process: deliveries per CPU-s",
      "2 processes: deliveries per CPU-s",
      `2 / 1 (≥ ${SCALEOUT_TARGETS.twoOverOne})`,
      "1 process: per server CPU-s",
      "2 processes: per server CPU-s",
      "1 process: p50 / p99 ms (each round)",
      "2 processes: p50 / p99 ms (each round)",
    ],
    keysOf(s.rows).map(([size, rate]) => {
      const { one, two } = pairOf(s.rows, size, rate);
      const latency = (r: Pooled | undefined) => r?.latencies ?? "–";
      return [
        String(size),
        int(rate),
        `${one ? `${one.rounds} of ${one.of}` : "–"} / ${two ? `${two.rounds} of ${two.of}` : "–"}`,
        int(one?.deliveriesPerCpuS ?? Number.NaN),
        int(two?.deliveriesPerCpuS ?? Number.NaN),
        fixed((two?.deliveriesPerCpuS ?? Number.NaN) / (one?.deliveriesPerCpuS ?? Number.NaN)),
        int(one?.deliveriesPerServerCpuS ?? Number.NaN),
        int(two?.deliveriesPerServerCpuS ?? Number.NaN),
        latency(one),
        latency(two),
      ];
    }),
  );
  const absolute = table(
    [
      "round",
      "processes",
      "room",
      "offered/s",
      "achieved/s",
      "p50 ms",
      "p99 ms",
      "max ms",
      "server CPU-s (each process)",
      "Redis CPU-s",
      "PostgreSQL CPU-s",
      "CPU-s in all",
      "deliveries per CPU-s",
      "generator CPU-s",
      "other load on server core",
    ],
    s.rows.map((r) => [
      String(r.round),
      r.side ?? String(r.processes),
      String(r.roomSize),
      int(r.offeredPerSecond),
      int(r.achievedPerSecond),
      fixed(r.p50Ms),
      fixed(r.p99Ms),
      fixed(r.maxMs, 1),
      `${fixed(r.serverCpuS)} (${r.processCpuS.map((c) => fixed(c)).join(" + ")})`,
      fixed(r.redisCpuS),
      fixed(r.postgresCpuS),
      fixed(r.totalCpuS),
      int(r.deliveriesPerCpuS),
      fixed(r.generatorCpuS),
      percent(r.otherOnServerCoreS, r.windowS),
    ]),
  );
  const how = s.interleaved
    ? `${int(s.clients)} receivers on each side; every broadcast is one Redis PUBLISH of the bytes a peer's ` +
      "message.send publishes. One process with its receivers and two processes holding half " +
      "of theirs each (every room with members on both), each side on its own database and " +
      "Redis prefix, all running at once on the server core and measured in " +
      `${s.interleaved.pairs} pairs of ${fixed(s.interleaved.sliceS, 0)}-s slices taking turns ` +
      `(each after ${fixed(s.interleaved.sliceWarmupS, 0)} s of sending), so that both see the ` +
      "same minute of the machine. CPU counts the measured side's process(es), Redis and the " +
      "PostgreSQL cluster; per CPU-second figures are a side's deliveries over its CPU in all " +
      "its slices, leaving out a slice that fell behind the offered rate (achieved < 98 %) when " +
      "another sustained it. The round column is the pair."
    : `${int(s.clients)} receivers, ${s.rounds} round(s); every broadcast is one Redis PUBLISH of the bytes a peer's ` +
      "message.send publishes. One process holds every receiver; then two processes on the " +
      "same database and Redis prefix hold half each, every room with members on both. Both " +
      "processes run on the server core (the one process's CPU budget). CPU counts the server " +
      "process(es), Redis and the PostgreSQL cluster; per CPU-second figures are the deliveries " +
      "of the rounds over their CPU, leaving out a window that fell behind the offered rate " +
      "(achieved < 98 %: something else held the server core) when another round sustained it.";
  return [
    "",
    "### Scale-out: two processes against one (PostgreSQL + Redis)",
    "",
    how,
    "",
    ratios,
    ...(s.interleaved ? ["", ...pairRatios(s)] : []),
    "",
    absolute,
  ];
}

/**
 * An interleaved run's sides pooled (deliveries over CPU of all their slices), the second
 * over the first, and each pair's own ratio with their median.
 */
function pairRatios(s: ScaleoutResult): string[] {
  const [first = "1", second = "2"] = s.interleaved?.sides ?? [];
  return keysOf(s.rows).map(([size, rate]) => {
    const rows = s.rows.filter((r) => r.roomSize === size && r.offeredPerSecond === rate);
    const ratios = [...new Set(rows.map((r) => r.round))].flatMap((round) => {
      const of = (side: string) => rows.find((r) => r.round === round && sideOf(r) === side);
      const a = of(first);
      const b = of(second);
      return a && b ? [b.deliveriesPerCpuS / a.deliveriesPerCpuS] : [];
    });
    const a = pooled(rows.filter((r) => sideOf(r) === first));
    const b = pooled(rows.filter((r) => sideOf(r) === second));
    const sorted = [...ratios].sort((x, y) => x - y);
    const mid = sorted.length / 2;
    const median =
      sorted.length % 2 === 1
        ? (sorted[Math.floor(mid)] ?? Number.NaN)
        : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
    return (
      `Rooms of ${size} at ${int(rate)}/s: side ${first} ${int(a?.deliveriesPerCpuS ?? Number.NaN)} ` +
      `and side ${second} ${int(b?.deliveriesPerCpuS ?? Number.NaN)} deliveries per CPU-s ` +
      `(${second} / ${first}: ${fixed((b?.deliveriesPerCpuS ?? Number.NaN) / (a?.deliveriesPerCpuS ?? Number.NaN))}); ` +
      `each pair's ${second} / ${first}: ${ratios.map((r) => fixed(r)).join(", ")} (median ${fixed(median)}).`
    );
  });
}

function pairsChecks(p: PairsResult) {
  const label =
    p.configuration === "embedded"
      ? "embedded default (1 process)"
      : `PostgreSQL + Redis (${p.processes} processes)`;
  const d = p.database;
  return [
    label,
    int(p.pairs),
    int(p.halfMatched),
    int(p.roomsOfMoreThanTwo),
    int(p.repeatedMatches),
    int(p.doubleMatches),
    d ? int(d.rooms) : "–",
    d ? int(d.overlappingRooms) : "–",
    d ? int(d.usersInTwoRooms) : "–",
    d ? int(d.roomsWithoutTwoMembers) : "–",
  ];
}

export function pairsSection(results: { pairs?: PairsResult; pairsRedis?: PairsResult }) {
  const parts: string[] = [];
  const r = results.pairsRedis;
  if (r) {
    parts.push(
      "",
      `### Stranger matching (PostgreSQL + Redis, ${r.processes} processes)`,
      "",
      table(
        [
          "guests",
          "window s",
          "pairs",
          "pairs/s",
          "server CPU-s (each process)",
          "server CPU ms per pair",
          "Redis CPU-s",
          "PostgreSQL CPU-s",
          "CPU ms per pair in all",
          "generator CPU-s",
          "other load on server core",
          "RPC calls / errors (whole run)",
        ],
        [
          [
            int(r.clients),
            fixed(r.windowS, 1),
            int(r.pairs),
            int(r.pairsPerSecond),
            `${fixed(r.serverCpuS)} (${r.processCpuS.map((c) => fixed(c)).join(" + ")})`,
            fixed(r.serverCpuMsPerPair, 2),
            fixed(r.redisCpuS ?? Number.NaN),
            fixed(r.postgresCpuS ?? Number.NaN),
            fixed(r.totalCpuMsPerPair, 2),
            fixed(r.generatorCpuS),
            percent(r.otherOnServerCoreS, r.windowS),
            `${int(r.rpcCalls)} / ${int(r.rpcErrors)}`,
          ],
        ],
      ),
    );
  }
  const checked = [results.pairs, r].filter((p): p is PairsResult => Boolean(p));
  if (checked.length > 0) {
    parts.push(
      "",
      "### Stranger matching: is anyone ever in two rooms at once? (0 expected)",
      "",
      table(
        [
          "configuration",
          "pairs (window)",
          "rooms only one side heard of",
          "rooms told to more than two",
          "repeated stranger_matched (counted once)",
          "generator: matched while still in a room (whole run)",
          "database: stranger rooms",
          "database: rooms begun while a member was in an earlier one",
          "database: users in two rooms at once",
          "database: rooms without exactly two members",
        ],
        checked.map(pairsChecks),
      ),
    );
  }
  return parts;
}

/** The verdicts of items 3 and 4. */
export function scaleoutVerdicts(results: {
  connections?: ConnectionsResult;
  scaleout?: ScaleoutResult;
  pairs?: PairsResult;
  pairsRedis?: PairsResult;
}): Verdict[] {
  const out: Verdict[] = [];
  const s = results.scaleout;
  if (s) {
    for (const [size, rate] of keysOf(s.rows)) {
      const { one, two } = pairOf(s.rows, size, rate);
      if (!one || !two) continue;
      const ratio = two.deliveriesPerCpuS / one.deliveriesPerCpuS;
      const both = one.sustained && two.sustained;
      out.push({
        target:
          `rooms of ${size} at ${int(rate)} deliveries/s: two processes' deliveries per CPU-s ` +
          `(processes, Redis, PostgreSQL) ≥ ${SCALEOUT_TARGETS.twoOverOne} × one process's`,
        result:
          `${fixed(ratio)} × (${int(two.deliveriesPerCpuS)} against ${int(one.deliveriesPerCpuS)})` +
          (both ? "" : "; not sustained by both: compare at a lower rate"),
        met: both ? ratio >= SCALEOUT_TARGETS.twoOverOne : null,
      });
    }
  }
  const r = results.pairsRedis;
  if (r) {
    out.push({
      target: `≥ ${int(SCALEOUT_TARGETS.pairsPerSecondRedis)} matched pairs/s (PostgreSQL + Redis, ${r.processes} processes)`,
      result: `${int(r.pairsPerSecond)} pairs/s`,
      met: r.pairsPerSecond >= SCALEOUT_TARGETS.pairsPerSecondRedis,
    });
  }
  for (const p of [results.pairs, r]) {
    if (!p) continue;
    const d = p.database;
    const where = p.configuration === "embedded" ? "embedded default" : `${p.processes} processes`;
    const problems =
      p.doubleMatches +
      p.roomsOfMoreThanTwo +
      (d ? d.overlappingRooms + d.roomsWithoutTwoMembers : 0);
    out.push({
      target: `no user in two stranger rooms at once (${where})`,
      result:
        `generator: ${int(p.doubleMatches)} double matches, ${int(p.roomsOfMoreThanTwo)} rooms told to more than two` +
        (d
          ? `; database: ${int(d.overlappingRooms)} overlapping rooms of ${int(d.rooms)}, ${int(d.roomsWithoutTwoMembers)} without two members`
          : "") +
        (p.firstDoubleMatch ? ` (first: ${p.firstDoubleMatch})` : ""),
      met: problems === 0,
    });
  }
  const c = results.connections;
  if (c && c.baselines.length > 0) {
    out.push({
      target: "idle memory beside the baselines (no target: for comparison)",
      result: [
        `ours ${fixed(c.marginalKbPerConnection, 1)} KB each further / ${fixed(c.kbPerConnection, 1)} KB average`,
        ...c.baselines.map(
          (b) =>
            `${TARGET_LABEL[b.target]} ${fixed(b.marginalKbPerConnection, 1)} / ${fixed(b.kbPerConnection, 1)} KB`,
        ),
      ].join("; "),
      met: null,
    });
  }
  return out;
}
