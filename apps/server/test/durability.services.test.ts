import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "vitest";
import { useKillRestart } from "./durability-fixtures";
import { createPostgresDatabase, testServices } from "./services";

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
    const database = await createPostgresDatabase(databaseUrl, "chatsphere_durable");
    cleanUpAfter(async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await sendKillRestartList({ DATA_DIR: dataDir, DATABASE_URL: database.url });
  }, 180_000);
});
