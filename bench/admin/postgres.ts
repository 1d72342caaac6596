import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { CLK_TCK, cpuSeconds } from "../realtime/proc";

/*
 * CPU of the PostgreSQL cluster the bench's database lives in, from /proc: the postmaster and
 * every process it started (backends, parallel workers, checkpointer, autovacuum...). A
 * process that exits between two readings is not lost: once the postmaster has waited for it,
 * its time is in the postmaster's cutime + cstime, which are counted too. The cluster is
 * shared: another database's queries on this machine are counted as well.
 */

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name (which may hold spaces): field 3 (state) is index 0.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** utime, stime, cutime, cstime (fields 14-17) in clock ticks. */
function times(pid: number) {
  const f = statFields(pid);
  if (!f) return null;
  return {
    ppid: Number(f[1]),
    own: Number(f[11]) + Number(f[12]),
    children: Number(f[13]) + Number(f[14]),
  };
}

export class PostgresCpu {
  private constructor(readonly postmaster: number) {}

  /** Finds the postmaster: the parent of this connection's backend. */
  static async find(databaseUrl: string): Promise<PostgresCpu | null> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const backend = rows[0]?.pid;
      const parent = backend ? times(backend)?.ppid : undefined;
      return parent ? new PostgresCpu(parent) : null;
    } catch {
      return null;
    } finally {
      await client.end();
    }
  }

  /**
   * CPU seconds of the cluster so far (live processes + the children already reaped). A
   * child reaped while /proc is being scanned would be in neither part (gone from /proc,
   * not yet in the cutime read before the scan) or in both (read in the scan, then in the
   * cutime read after it): the scan is taken again until the postmaster reaped no one
   * during it. (An idle backend of a pool that exits at the end of a window had made that
   * window's reading lose its whole lifetime's CPU.)
   */
  seconds(): number {
    for (let attempt = 0; ; attempt++) {
      const root = times(this.postmaster);
      if (!root) return Number.NaN;
      let ticks = root.own + root.children;
      for (const entry of readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        const pid = Number(entry);
        const t = pid === this.postmaster ? null : times(pid);
        if (t && t.ppid === this.postmaster) ticks += t.own;
      }
      if (times(this.postmaster)?.children === root.children || attempt >= 10) {
        return ticks / CLK_TCK;
      }
    }
  }
}

export async function postgresVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      "SELECT current_setting('server_version') AS v",
    );
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings
       WHERE name IN ('shared_buffers', 'work_mem', 'max_parallel_workers_per_gather')`,
    );
    const info = settings.rows
      .map((s) => {
        if (s.unit === "8kB") return `${s.name} ${(Number(s.setting) * 8) / 1024} MB`;
        if (s.unit === "kB") return `${s.name} ${Number(s.setting) / 1024} MB`;
        return `${s.name} ${s.setting}`;
      })
      .join(", ");
    return `PostgreSQL ${rows[0]?.v ?? "?"} (${info})`;
  } finally {
    await client.end();
  }
}

/** Busy seconds of every core of the machine so far, from /proc/stat. */
export function machineBusySeconds(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
    CLK_TCK
  );
}

/**
 * A measurement window's CPU: the server's, PostgreSQL's, and the rest of the machine's
 * (anything but the server, PostgreSQL and this bench: Redis, the kernel, and whatever else
 * runs on this machine at the time).
 */
export function cpuWindow(serverPid: number, postgres: PostgresCpu | null) {
  const server0 = cpuSeconds(serverPid);
  const pg0 = postgres?.seconds() ?? Number.NaN;
  const bench0 = cpuSeconds(process.pid);
  const machine0 = machineBusySeconds();
  return () => {
    const serverCpuS = cpuSeconds(serverPid) - server0;
    const postgresCpuS = (postgres?.seconds() ?? Number.NaN) - pg0;
    const benchCpuS = cpuSeconds(process.pid) - bench0;
    const machineS = machineBusySeconds() - machine0;
    return {
      serverCpuS,
      postgresCpuS,
      benchCpuS,
      otherCpuS: Math.max(0, machineS - serverCpuS - (postgresCpuS || 0) - benchCpuS),
    };
  };
}
