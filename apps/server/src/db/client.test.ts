import { sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it, vi } from "vitest";
import { migratedSnapshot } from "../../test/migrated-snapshot";
import { leanQueryOptions, openDatabase } from "./client";

/*
 * PGlite as the server opens it. The queries' tests start from the run's migrated snapshot
 * (skipping initdb); the settings' tests open it fresh, as a first start does.
 */
describe("PGlite", () => {
  /** A setting of PostgreSQL inside a fresh in-memory PGlite, as the server opens it. */
  async function settingOf(name: "shared_buffers" | "wal_init_zero") {
    const handle = openDatabase({ kind: "pglite", dataDir: null });
    try {
      const result = (await handle.db.execute(sql.raw(`show ${name}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows[0]?.[name];
    } finally {
      await handle.close();
    }
  }

  it("runs with a 32 MB buffer cache, not PostgreSQL's 128 MB (decision 0031)", async () => {
    expect(await settingOf("shared_buffers")).toBe("32MB");
  });

  it("creates WAL segments without filling them with zeros first (no stall on the event loop)", async () => {
    expect(await settingOf("wal_init_zero")).toBe("off");
  });

  it("reads timestamps, dates, intervals and their arrays as Drizzle's text, as before", async () => {
    const handle = openDatabase({
      kind: "pglite",
      dataDir: null,
      snapshot: await migratedSnapshot(),
    });
    try {
      const query = sql`select '2026-11-25 08:00:00+00'::timestamptz as at,
        '2026-11-25'::date as day, '1 day'::interval as span,
        array['2026-11-25 08:00:00+00'::timestamptz] as ats, array['2026-11-25'::date] as days,
        array[1.5::numeric] as amounts, 7 as n`;
      // Twice: the first query may run before the client's parsers are set.
      for (let round = 0; round < 2; round++) {
        const result = (await handle.db.execute(query)) as unknown as {
          rows: Record<string, unknown>[];
        };
        expect(result.rows[0]).toEqual({
          at: "2026-11-25 08:00:00+00",
          day: "2026-11-25",
          span: "1 day",
          ats: '{"2026-11-25 08:00:00+00"}',
          days: "{2026-11-25}",
          amounts: "{1.5}",
          n: 7,
        });
      }
    } finally {
      await handle.close();
    }
  });

  it("drops Drizzle's per-query parsers only when they are the ones the client has", () => {
    const asText = (value: string) => value;
    const drizzles = {
      rowMode: "array" as const,
      parsers: { 1114: asText, 1184: asText, 1182: asText },
    };
    expect(leanQueryOptions(drizzles)).toEqual({ rowMode: "array", syncToFs: false });
    expect(leanQueryOptions({ parsers: { 1184: asText } })).toEqual({
      rowMode: "object",
      syncToFs: false,
    });
    expect(leanQueryOptions(undefined)).toEqual({ rowMode: "object", syncToFs: false });
    expect(leanQueryOptions({ rowMode: "array" })).toEqual({ rowMode: "array", syncToFs: false });
    // Another type's parser, or another option, keeps the options as given.
    const json = { rowMode: "array" as const, parsers: { 1184: asText, 114: asText } };
    expect(leanQueryOptions(json)).toBe(json);
    const withTypes = { parsers: { 1184: asText }, paramTypes: [25] };
    expect(leanQueryOptions(withTypes)).toBe(withTypes);
  });

  it("hands PGlite options that its per-message copies add no key to (one hidden class)", async () => {
    // PGlite sends each protocol message of a query with `{ ...options, syncToFs: false }`; on
    // Node 20 a key such a copy gains is a new hidden class per copy (client.ts).
    const query = vi.spyOn(PGlite.prototype, "query");
    const stream = vi.spyOn(PGlite.prototype, "execProtocolStream");
    const handle = openDatabase({
      kind: "pglite",
      dataDir: null,
      snapshot: await migratedSnapshot(),
    });
    try {
      // Twice: the first query may run before the client's parsers are set.
      for (let round = 0; round < 2; round++) {
        query.mockClear();
        stream.mockClear();
        await handle.db.execute(sql`select 1 as n`);
      }
      const given = query.mock.calls.map((args) => Object.keys(args[2] ?? {}).sort());
      expect(given).toEqual([["rowMode", "syncToFs"]]);
      expect(stream.mock.calls.length).toBeGreaterThanOrEqual(5);
      for (const [, copy] of stream.mock.calls) {
        expect(Object.keys(copy ?? {}).sort()).toEqual(given[0]);
      }
    } finally {
      query.mockRestore();
      stream.mockRestore();
      await handle.close();
    }
  });
});
