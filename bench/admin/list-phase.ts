import { cpus } from "node:os";
import type { ListUsersOutput, UserType } from "@chatsphere/contract";
import { Histogram, nowUs } from "../realtime/stats";
import { call, type Caller, type Site } from "./http";
import { cpuWindow, type PostgresCpu } from "./postgres";

/*
 * admin.listUsers as Manage Users calls it: a name filter, a user type, a page of `limit`
 * rows. Each filter is asked for its first page, the middle page (the most rows to skip: the
 * server reads a page in the second half from the oldest end, so the middle is the worst
 * case) and the last page, with `concurrency` calls in flight (a closed loop).
 */

export interface ListCase {
  /** What kind of filter this is (the report's first column). */
  kind: string;
  userType: Extract<UserType, "all" | "guest">;
  name?: string;
}

/** The filters, for the fixture's names (fixture.ts): counts were checked on its seed. */
export const LIST_CASES: ListCase[] = [
  { kind: "full name (a handful)", userType: "all", name: "Lars Wallace" },
  { kind: "last name (~0.1 %)", userType: "all", name: "Okafor" },
  { kind: "3 letters (~10 %)", userType: "all", name: "son" },
  { kind: "2 letters (~25 %)", userType: "all", name: "an" },
  { kind: "no filter", userType: "all" },
  { kind: "full name (a handful)", userType: "guest", name: "Guest 4821" },
  { kind: "name part (~1 % of guests)", userType: "guest", name: "Guest 48" },
  { kind: "3 letters (every guest)", userType: "guest", name: "ues" },
  { kind: "2 letters (every guest)", userType: "guest", name: "st" },
  { kind: "no filter", userType: "guest" },
];

export interface ListOptions {
  limit: number;
  concurrency: number;
  /** Calls per filter and page... */
  calls: number;
  /** ...unless this many seconds have passed and at least `minCalls` were made. */
  maxSeconds: number;
  minCalls: number;
  warmupCalls: number;
}

export interface ListResult {
  kind: string;
  userType: string;
  name: string | null;
  /** Users the filter matches (listUsers' total). */
  matches: number;
  page: number;
  pageLabel: "first" | "middle" | "last";
  totalPages: number;
  calls: number;
  errors: number;
  /** Rows that do not match the filter (a wrong answer), over every call. */
  wrongRows: number;
  windowS: number;
  callsPerS: number;
  /**
   * The first page only: the filter's very first call, which counts its matches afresh (the
   * server keeps a count of more than 10 000 for 10 s, so the rows' later calls reuse it).
   */
  firstCallMs: number | null;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  serverCpuSPer1000: number;
  postgresCpuSPer1000: number;
  /** The machine's busy time that was neither the server, PostgreSQL nor the bench (0-1). */
  otherLoad: number;
}

const ms = (us: number) => us / 1000;
const cores = cpus().length;
/** Calls before the first measured row, so that the server's hot paths are compiled. */
const SERVER_WARMUP_CALLS = 200;

function wrongRows(output: ListUsersOutput, c: ListCase) {
  const part = c.name?.toLowerCase();
  return output.users.filter(
    (u) =>
      (part !== undefined && !u.name.toLowerCase().includes(part)) ||
      (c.userType === "guest" && !u.isAnonymous),
  ).length;
}

export async function runList(options: {
  site: Site;
  admin: Caller;
  serverPid: number;
  postgres: PostgresCpu | null;
  cases: ListCase[];
  list: ListOptions;
  log: (line: string) => void;
}): Promise<ListResult[]> {
  const { site, admin, list, log } = options;
  const results: ListResult[] = [];
  const listUsers = (c: ListCase, page: number) =>
    call<ListUsersOutput>(
      site,
      "admin/listUsers",
      { page, limit: list.limit, filter: { name: c.name, userType: c.userType } },
      admin,
    );

  // The server's code paths warm up (JIT) before the first measured row.
  const warm = options.cases[0];
  if (warm) {
    await Promise.all(
      Array.from({ length: list.concurrency }, async () => {
        for (let i = 0; i < Math.ceil(SERVER_WARMUP_CALLS / list.concurrency); i++) {
          await listUsers(warm, 1);
        }
      }),
    );
  }

  for (const c of options.cases) {
    const firstAt = nowUs();
    const first = await listUsers(c, 1);
    const firstCallMs = ms(nowUs() - firstAt);
    const pages = new Map<number, ListResult["pageLabel"]>([[1, "first"]]);
    const middle = Math.ceil(first.totalPages / 2);
    if (!pages.has(middle) && middle > 0) pages.set(middle, "middle");
    if (!pages.has(first.totalPages) && first.totalPages > 0) pages.set(first.totalPages, "last");

    for (const [page, pageLabel] of pages) {
      // Warm-up: the plan and the pages it reads are cached, as on a server in use.
      await Promise.all(
        Array.from({ length: Math.min(list.warmupCalls, list.concurrency) }, async () => {
          for (let i = 0; i < Math.ceil(list.warmupCalls / list.concurrency); i++) {
            await listUsers(c, page);
          }
        }),
      );
      const histogram = new Histogram();
      let calls = 0;
      let started = 0;
      let errors = 0;
      let wrong = 0;
      const t0 = nowUs();
      const cpu = cpuWindow(options.serverPid, options.postgres);
      const more = () =>
        started < list.calls && (started < list.minCalls || nowUs() - t0 < list.maxSeconds * 1e6);
      const lane = async () => {
        while (more()) {
          started++;
          const t = nowUs();
          try {
            const output = await listUsers(c, page);
            wrong += wrongRows(output, c);
            if (output.total !== first.total) wrong++;
          } catch (error) {
            if (errors++ === 0) log(`  first failed call: ${String(error)}`);
          }
          histogram.record(nowUs() - t);
          calls++;
        }
      };
      await Promise.all(Array.from({ length: list.concurrency }, lane));
      const windowS = (nowUs() - t0) / 1e6;
      const used = cpu();
      const result: ListResult = {
        kind: c.kind,
        userType: c.userType,
        name: c.name ?? null,
        matches: first.total,
        page,
        pageLabel,
        totalPages: first.totalPages,
        calls,
        errors,
        wrongRows: wrong,
        windowS,
        callsPerS: calls / windowS,
        firstCallMs: pageLabel === "first" ? firstCallMs : null,
        p50Ms: ms(histogram.percentile(50)),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
        serverCpuSPer1000: (used.serverCpuS / calls) * 1000,
        postgresCpuSPer1000: (used.postgresCpuS / calls) * 1000,
        otherLoad: used.otherCpuS / (windowS * cores),
      };
      results.push(result);
      log(
        `  ${c.userType.padEnd(5)} ${JSON.stringify(c.name ?? "").padEnd(14)} ` +
          `${String(first.total).padStart(9)} matches, page ${String(page).padStart(6)} ` +
          `(${pageLabel}): ${calls} calls in ${windowS.toFixed(1)} s, p50 ${result.p50Ms.toFixed(1)} ` +
          `p99 ${result.p99Ms.toFixed(1)} max ${result.maxMs.toFixed(1)} ms` +
          (errors || wrong ? `, ${errors} errors, ${wrong} wrong rows` : ""),
      );
    }
  }
  return results;
}
