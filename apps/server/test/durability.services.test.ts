import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, it } from "vitest";
import { useKillRestart } from "./durability-fixtures";
import { testServices } from "./services";

/*
 * A message acknowledged to its sender survives `kill -9` of the server right after the
 * acknowledgement (issue 10, item 8), on the PostgreSQL of `npm run test:services`;
 * durability.test.ts does the same on PGlite.
 */
const { databaseUrl } = testServices();
const { sendKillRestartList, cleanUpAfter } = useKillRestart();

describe("a message acknowledged to its sender survives kill -9 of the server", () => {
  it("on PostgreSQL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-durable-"));
    const name = `chatsphere_durable_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    cleanUpAfter(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    await sendKillRestartList({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  }, 180_000);
});
