import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type QueryOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type features see, whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `fn` while holding a cluster-wide lock, so concurrent processes take turns. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball, to start copies from (tests). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  /** dataDir null: in memory; `snapshot` starts from a dumped data directory (tests). */
  | { kind: "pglite"; dataDir: string | null; snapshot?: Blob };

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  return target.kind === "postgres"
    ? openPostgres(target.url)
    : openPglite(target.dataDir, target.snapshot);
}

/**
 * PostgreSQL's buffer cache inside PGlite. With the default, 128 MB, the server holds ~85 MB
 * more from the moment PGlite starts, in WebAssembly memory that is never returned; the data
 * files stay in the operating system's page cache too, so a page this cache misses costs a
 * read call, not a disk read (decision 0031).
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * PostgreSQL's settings for PGlite beyond its defaults (which already run without fsync).
 * `wal_init_zero=off`: a new 16 MB WAL segment is not filled with zeros first. PGlite writes
 * on the event loop's thread, so that fill stalled everything for 30-65 ms each time a segment
 * filled up (every few seconds under a steady stream of messages, measured on its own); the
 * end of the WAL is found by its records' checksums, so the zeros add nothing (decision 0031).
 */
const PGLITE_SETTINGS = [
  "-c",
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
  "-c",
  "wal_init_zero=off",
];

function openPglite(dataDir: string | null, snapshot?: Blob): DatabaseHandle {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  // pg_trgm: the trigram index of Manage Users' name filter (migration 0007).
  const client = new PGlite({
    dataDir: dataDir ?? undefined,
    loadDataDir: snapshot,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  parseAsTextOnce(client);
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    // PGlite lives in this process only and runs one query at a time: nothing to coordinate.
    withLock: (_key, fn) => fn(),
    dump: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

/**
 * The types Drizzle asks PGlite to leave as text on every query (drizzle-orm/pglite's session:
 * timestamps, intervals, dates, and the arrays of those and of numerics), because Drizzle maps
 * them itself.
 */
const LEFT_AS_TEXT = new Set<string>(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map(String),
);
const asText = (value: string) => value;

/**
 * Lean options carry `syncToFs` although a query ignores it: PGlite sends each of a query's six
 * protocol messages with a spread copy of its options plus `syncToFs: false`, and on Node 20's
 * V8 every key a spread copy gains makes a new hidden class (a map, its descriptors and the
 * inline caches' handlers, all in the old generation) per copy; a key the options already
 * have is only written. Measured on the embedded default at 2 000 sends/s: ~1 700 such maps a
 * second before (bench/README.md, "Eleventh run").
 */
const LEAN_OPTIONS = {
  array: { rowMode: "array", syncToFs: false },
  object: { rowMode: "object", syncToFs: false },
} as const satisfies Record<string, QueryOptions & { syncToFs: false }>;

/**
 * A query's options without Drizzle's per-query parsers when the client already parses those
 * types as text (and none given are the object rows' lean options); any other option, or a
 * parser for another type, keeps the options as given.
 */
export function leanQueryOptions(options: QueryOptions | undefined): QueryOptions {
  if (!options) return LEAN_OPTIONS.object;
  for (const key in options) if (key !== "parsers" && key !== "rowMode") return options;
  for (const oid in options.parsers) if (!LEFT_AS_TEXT.has(oid)) return options;
  return LEAN_OPTIONS[options.rowMode ?? "object"];
}

/**
 * Drizzle gives PGlite the same parsers with every query, and PGlite merges them into a fresh
 * copy of its whole parser table (one entry per type and array type) each time: about 100 us
 * of CPU and a large short-lived object per query, a fifth of the batched message insert's
 * cost on the embedded default (bench/README.md). Set once on the client, after PGlite has
 * built its array parsers (which would replace them), they apply to every query, and the
 * queries go without theirs (leanQueryOptions); until then queries pass through as they are.
 * Transactions call PGlite's inner query and keep Drizzle's options: correct, just not leaner.
 */
function parseAsTextOnce(client: PGlite) {
  let installed = false;
  void client.waitReady.then(
    () => {
      for (const oid of LEFT_AS_TEXT) client.parsers[oid] = asText;
      installed = true;
    },
    () => undefined, // a failed start surfaces in the first query
  );
  const query = client.query.bind(client);
  client.query = (text, params, options) =>
    query(text, params, installed ? leanQueryOptions(options) : options);
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that PostgreSQL drops (a restart, a terminated backend) is an `error`
  // event on the pool; unheard, it would crash the process. The pool discards that client and
  // the next query opens a new one.
  pool.on("error", (error) => console.warn(`database: idle connection lost (${error.message})`));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    async withLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [key]);
        return await fn();
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
