/**
 * The report's section for `--sched-trace`: where each fan-out window's deliveries spent their
 * time (sched-trace.ts). report.ts places it.
 */
import type { FanoutRow } from "./phases/fanout";
import { TARGET_LABEL } from "./protocol";
import { fixed, int, table } from "./report";
import type { TailProfile } from "./sched-trace";

const THREAD_LABEL = {
  publisher: "publisher (bench, core 1)",
  redis: "Redis",
  server: "server (core 0)",
  receiver: "receiving worker (core 1)",
} as const;

function threadsTable(profile: TailProfile) {
  return table(
    ["deliveries", "thread", "running", "lost (steal, interrupts)", "waiting for a core", "asleep"],
    profile.groups.flatMap((g) =>
      (Object.keys(THREAD_LABEL) as (keyof typeof THREAD_LABEL)[]).map((thread) => {
        const s = g.threads[thread];
        return [
          `${g.label} (${int(g.deliveries)}, ${fixed(g.latencyMs)} ms)`,
          THREAD_LABEL[thread],
          fixed(s.running),
          fixed(s.lost),
          fixed(s.waiting),
          fixed(s.asleep),
        ];
      }),
    ),
  );
}

function coresTable(profile: TailProfile) {
  return table(
    ["deliveries", "core", "server", "Redis", "generator", "perf", "other (most)", "idle", "lost"],
    profile.groups.flatMap((g) =>
      g.cores.map((u, core) => {
        const most = (g.others[core] ?? [])
          .filter((o) => o.ms >= 0.005)
          .map((o) => `${o.comm} ${fixed(o.ms)}`)
          .join(", ");
        return [
          `${g.label}`,
          String(core),
          fixed(u.server),
          fixed(u.redis),
          fixed(u.generator),
          fixed(u.perf),
          `${fixed(u.other)}${most ? ` (${most})` : ""}`,
          fixed(u.idle),
          fixed(u.lost),
        ];
      }),
    ),
  );
}

/** One section per traced window. */
export function tailSection(rows: FanoutRow[]): string[] {
  return rows.flatMap((row) => {
    const p = row.profile;
    if (!p) return [];
    const runs = p.serverRuns;
    return [
      "",
      `#### ${TARGET_LABEL[row.target]}, rooms of ${row.roomSize} at ${int(row.offeredPerSecond)}/s: ` +
        `p50 ${fixed(row.p50Ms)} ms, p99 ${fixed(row.p99Ms)} ms`,
      "",
      "Each delivery's time from send to receipt, as mean ms per delivery, split by what each " +
        "thread on its path was doing:",
      "",
      threadsTable(p),
      "",
      "and by what ran on each core:",
      "",
      coresTable(p),
      "",
      `The server's main thread ran ${int(runs.count)} times in the ${fixed(p.windowS, 1)}-s window: ` +
        `p50 ${fixed(runs.p50Ms, 3)} ms, p99 ${fixed(runs.p99Ms)} ms, longest ${fixed(runs.maxMs)} ms ` +
        `(of which its own CPU ${fixed(runs.longestCpuMs)} ms); ${int(runs.atLeast2Ms)} runs of ≥ 2 ms, ` +
        `${Math.round(runs.lostShareOfThose * 100)} % of their time lost. Lost time per core in the ` +
        `window: ${p.lostS.map((s) => `${fixed(s)} s`).join(", ")} (steal in /proc/stat: ` +
        `${p.stealS.map((s) => `${fixed(s)} s`).join(", ")}); ${int(p.events)} scheduler events. ` +
        `Other tasks' CPU in the window: ${p.othersS
          .map(
            (others, core) =>
              `core ${core}: ${others.map((o) => `${o.comm} ${fixed(o.s, 3)} s`).join(", ")}`,
          )
          .join("; ")}.`,
    ];
  });
}
