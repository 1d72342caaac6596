import { PGlite, protocol } from "@electric-sql/pglite";
import { fillPlaceholders, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./client";

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Runs a statement of the hot path as a named prepared statement: it is parsed and planned
 * once per connection, then each call only binds and executes it (an unnamed statement is
 * parsed and planned on every call: about twice the backend CPU for the message insert on
 * PostgreSQL). The text of a name must never change: build `query` from the same template
 * every time, with every value a parameter. Inside a transaction it runs as usual.
 */
export async function executeNamed<Row>(db: Database, name: string, query: SQL): Promise<Row[]> {
  const client = poolOf(db);
  if (!client) return executeInTransaction<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runNamed<Row>(client, name, text, params);
}

/**
 * executeNamed for a statement of the hot path whose SQL is written once, with a placeholder
 * for each value (`build(sql.placeholder)`): its text is rendered the first time it runs, and
 * each call only fills the placeholders from `values`. Rendering a Drizzle template walks every
 * chunk of it (about 60 us for the batched message insert on a slow sandbox, per batch), for a
 * text that never changes. Inside a transaction it is built with the values and runs as usual.
 */
export function namedStatement<Values extends Record<string, unknown>>(
  name: string,
  build: (value: (key: keyof Values & string) => SQLWrapper) => SQL,
) {
  let rendered: { text: string; params: unknown[] } | null = null;
  return async <Row>(db: Database, values: Values): Promise<Row[]> => {
    const client = poolOf(db);
    if (!client)
      return executeInTransaction<Row>(
        db,
        build((key) => sql.param(values[key])),
      );
    rendered ??= renderOnce(build);
    return runNamed<Row>(client, name, rendered.text, fillPlaceholders(rendered.params, values));
  };
}

function renderOnce(build: (value: (key: string) => SQLWrapper) => SQL) {
  const { sql: text, params } = dialect.sqlToQuery(build((key) => sql.placeholder(key)));
  return { text, params };
}

/** The pool a statement can be named on; none for a transaction (a session of its own). */
function poolOf(db: Database): pg.Pool | PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof PGlite ? client : null;
}

async function executeInTransaction<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers answer raw statements with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

async function runNamed<Row>(
  client: pg.Pool | PGlite,
  name: string,
  text: string,
  params: unknown[],
): Promise<Row[]> {
  if (client instanceof PGlite) return executeNamedOnPglite<Row>(client, name, text, params);
  const result = await client.query<Row & pg.QueryResultRow>({ name, text, values: params });
  return result.rows;
}

interface PreparedOnPglite {
  text: string;
  /** The parameters' types, to serialize the values as PGlite's own query would. */
  parameterTypes: number[];
  /** The result's columns, to read the rows as PGlite's own query would. */
  fields: { name: string; dataTypeID: number }[];
}

/** The statements each PGlite instance has prepared, by name. */
const preparedOnPglite = new WeakMap<PGlite, Map<string, PreparedOnPglite>>();
const EXECUTE_AND_SYNC = joined([protocol.serialize.execute({}), protocol.serialize.sync()]);

/**
 * PGlite's `query` speaks the extended protocol one message per round (parse, describe, bind,
 * describe, execute, sync), parsing and planning the statement every time and building the
 * result through several layers: on the embedded default about 600 us of CPU and a heap of
 * short-lived objects per batched message insert, against ~300 us this way (bench/README.md).
 * Here a statement is prepared under its name once per PGlite instance, and each call is one
 * round: Bind, Execute and Sync in one buffer. It holds PGlite's two locks as `query` does (a
 * transaction's and a query's), so it never runs inside someone else's open transaction, and
 * it syncs the file system afterwards as `query` does outside a transaction.
 */
function executeNamedOnPglite<Row>(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
): Promise<Row[]> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const statement = await preparedStatement(client, name, text);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[statement.parameterTypes[index] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      const bind = protocol.serialize.bind({ statement: name, values });
      const { messages } = await client.execProtocol(joined([bind, EXECUTE_AND_SYNC]), {
        syncToFs: false,
      });
      await client.syncToFs();
      const rows: Row[] = [];
      for (const message of messages) {
        if (!(message instanceof protocol.messages.DataRowMessage)) continue;
        const { fields } = message;
        const row: Record<string, unknown> = {};
        statement.fields.forEach((field, index) => {
          const raw = fields[index] ?? null;
          const parser = client.parsers[field.dataTypeID];
          row[field.name] = raw === null || !parser ? raw : parser(raw, field.dataTypeID);
        });
        rows.push(row as Row);
      }
      return rows;
    }),
  );
}

async function preparedStatement(
  client: PGlite,
  name: string,
  text: string,
): Promise<PreparedOnPglite> {
  let statements = preparedOnPglite.get(client);
  if (!statements) preparedOnPglite.set(client, (statements = new Map()));
  const known = statements.get(name);
  if (known) {
    if (known.text !== text) throw new Error(`named statement ${name}: its text changed`);
    return known;
  }
  const { messages } = await client.execProtocol(
    joined([
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const described = messages.find(
    (message) => message instanceof protocol.messages.ParameterDescriptionMessage,
  );
  const columns = messages.find(
    (message) => message instanceof protocol.messages.RowDescriptionMessage,
  );
  const statement: PreparedOnPglite = {
    text,
    parameterTypes: described?.dataTypeIDs ?? [],
    fields: (columns?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
  };
  statements.set(name, statement);
  return statement;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
