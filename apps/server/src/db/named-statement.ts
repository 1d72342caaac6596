import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./client";

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Runs a statement of the hot path as a named prepared statement on PostgreSQL: each pooled
 * connection parses and plans it once, then only binds and executes it (an unnamed statement
 * is parsed and planned on every call: about twice the backend CPU for the message insert).
 * The text of a name must never change: build `query` from the same template every time,
 * with every value a parameter. On PGlite, or inside a transaction, it runs as usual.
 */
export async function executeNamed<Row>(db: Database, name: string, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query<Row & pg.QueryResultRow>({ name, text, values: params });
    return result.rows;
  }
  // Both drivers (PGlite, node-postgres) answer raw statements with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
