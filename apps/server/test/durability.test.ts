import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "vitest";
import { useKillRestart } from "./durability-fixtures";

/*
 * A message acknowledged to its sender survives `kill -9` of the server right after the
 * acknowledgement (issue 10, item 8), on the embedded PGlite; durability.services.test.ts
 * does the same on PostgreSQL.
 */
const { sendKillRestartList, cleanUpAfter } = useKillRestart();

describe("a message acknowledged to its sender survives kill -9 of the server", () => {
  it("on PGlite, with its data directory on disk", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-durable-"));
    cleanUpAfter(async () => rmSync(dataDir, { recursive: true, force: true }));
    await sendKillRestartList({ DATA_DIR: dataDir, DATABASE_URL: "" });
  }, 180_000);
});
