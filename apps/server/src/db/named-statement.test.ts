import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQLWrapper } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { migratedSnapshot } from "../../test/migrated-snapshot";
import { openDatabase, type DatabaseHandle } from "./client";
import { executeNamed, namedStatement } from "./named-statement";

let handle: DatabaseHandle;
let client: PGlite;

beforeEach(async () => {
  // A fresh database per test, from the run's migrated snapshot rather than initdb each time.
  handle = openDatabase({ kind: "pglite", dataDir: null, snapshot: await migratedSnapshot() });
  client = (handle.db as unknown as { $client: PGlite }).$client;
  await handle.db.execute(sql`create table note (id serial primary key, body text, tags text[])`);
});
afterEach(async () => {
  await handle.close();
});

const insertNotes = (bodies: (string | null)[], tags: string[]) =>
  sql`insert into note (body, tags) select body, ${sql.param(tags)}::text[]
    from unnest(${sql.param(bodies)}::text[]) as body returning id, body, tags, 2 * id as twice`;

describe("a named statement on PGlite", () => {
  it("answers the rows the same statement answers unnamed (arrays, nulls, numbers)", async () => {
    const named = await executeNamed(
      handle.db,
      "notes_insert",
      insertNotes(["a", null], ["x", "y"]),
    );
    const plain = (await handle.db.execute(insertNotes(["a", null], ["x", "y"]))) as unknown as {
      rows: unknown[];
    };
    expect(named).toEqual([
      { id: 1, body: "a", tags: ["x", "y"], twice: 2 },
      { id: 2, body: null, tags: ["x", "y"], twice: 4 },
    ]);
    expect(plain.rows).toEqual([
      { id: 3, body: "a", tags: ["x", "y"], twice: 6 },
      { id: 4, body: null, tags: ["x", "y"], twice: 8 },
    ]);
  });

  it("is prepared once, then each call is one round trip", async () => {
    const rounds = vi.spyOn(client, "execProtocol");
    await executeNamed(handle.db, "notes_insert", insertNotes(["a"], []));
    expect(rounds).toHaveBeenCalledTimes(2); // prepare, then bind + execute + sync
    await executeNamed(handle.db, "notes_insert", insertNotes(["b"], []));
    await executeNamed(handle.db, "notes_insert", insertNotes(["c"], []));
    expect(rounds).toHaveBeenCalledTimes(4);
    await expect(executeNamed(handle.db, "notes_insert", sql`select 1 as one`)).rejects.toThrow(
      "its text changed",
    );
  });

  it("waits for a transaction in progress instead of running inside it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun = () => {};
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note (body) values ('in the transaction')`);
      begun();
      await held;
      tx.rollback();
    });
    await inside;
    const named = executeNamed<{ body: string }>(
      handle.db,
      "notes_insert",
      insertNotes(["after it"], []),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow();
    expect((await named).map((row) => row.body)).toEqual(["after it"]);
    const bodies = (await handle.db.execute(sql`select body from note`)) as unknown as {
      rows: { body: string }[];
    };
    // The rollback took only the transaction's row.
    expect(bodies.rows).toEqual([{ body: "after it" }]);
  });

  it("rejects with the database's error and leaves the connection usable", async () => {
    const divide = (by: number) => sql`select 10 / ${by}::integer as quotient`;
    await expect(executeNamed(handle.db, "divide", divide(0))).rejects.toThrow("division by zero");
    expect(await executeNamed(handle.db, "divide", divide(5))).toEqual([{ quotient: 2 }]);
    expect(await executeNamed(handle.db, "notes_insert", insertNotes(["ok"], []))).toHaveLength(1);
  });
});

describe("a statement written once with placeholders", () => {
  type Notes = { bodies: (string | null)[]; tags: string[] };
  const writeNotes = (value: (key: keyof Notes) => SQLWrapper) =>
    sql`insert into note (body, tags) select body, ${value("tags")}::text[]
      from unnest(${value("bodies")}::text[]) as body returning id, body, tags`;

  it("renders its text once and answers each call's own values", async () => {
    const build = vi.fn(writeNotes);
    const insert = namedStatement<Notes>("notes_write", build);
    expect(await insert(handle.db, { bodies: ["a", null], tags: ["x"] })).toEqual([
      { id: 1, body: "a", tags: ["x"] },
      { id: 2, body: null, tags: ["x"] },
    ]);
    expect(await insert(handle.db, { bodies: ["b"], tags: [] })).toEqual([
      { id: 3, body: "b", tags: [] },
    ]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("is the same named statement as executeNamed's with the values in place", async () => {
    const rounds = vi.spyOn(client, "execProtocol");
    const insert = namedStatement<Notes>("notes_insert", writeNotes);
    await insert(handle.db, { bodies: ["a"], tags: [] });
    expect(rounds).toHaveBeenCalledTimes(2); // prepare, then bind + execute + sync
    const same = writeNotes((key) => sql.param(({ bodies: ["b"], tags: [] } as Notes)[key]));
    await executeNamed(handle.db, "notes_insert", same);
    expect(rounds).toHaveBeenCalledTimes(3); // the text matched: not prepared again
  });

  it("runs inside a transaction with the values, and rolls back with it", async () => {
    const insert = namedStatement<Notes>("notes_in_transaction", writeNotes);
    await expect(
      handle.db.transaction(async (tx) => {
        const rows = await insert(tx, { bodies: ["in it"], tags: ["t"] });
        expect(rows).toEqual([{ id: 1, body: "in it", tags: ["t"] }]);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const after = await insert<{ body: string }>(handle.db, { bodies: ["after"], tags: [] });
    expect(after.map((row) => row.body)).toEqual(["after"]);
  });
});
