import pg from "pg";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testServices } from "../../test/services";
import { openDatabase } from "./client";

/** On the PostgreSQL of `npm run test:services`. */
const { databaseUrl } = testServices();

describe("the PostgreSQL pool", () => {
  it("survives PostgreSQL dropping an idle connection (no crash; the next query reconnects)", async () => {
    const handle = openDatabase({ kind: "postgres", url: databaseUrl });
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
