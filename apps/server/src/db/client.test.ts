import pg from "pg";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

/** Runs in `npm run test:services`, which sets TEST_DATABASE_URL and fails if it is down. */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)("the PostgreSQL pool", () => {
  it("survives PostgreSQL dropping an idle connection (no crash; the next query reconnects)", async () => {
    const handle = openDatabase({ kind: "postgres", url: databaseUrl ?? "" });
    const pidOf = async () => {
      const result = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      return result.rows[0]?.pid;
    };
    const pid = await pidOf();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();
    // The idle client's `error` event arrives now; without a listener the process would exit.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await pidOf()).not.toBe(pid);
    await handle.close();
  });
});

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
});
