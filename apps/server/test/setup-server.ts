import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { dumpMigratedDatabase } from "./migrated-snapshot";

/*
 * The server project's global setup, once per run before any test file: the migrated PGlite
 * snapshot every test server starts from (a file the harness reads, instead of each of ~60
 * test files migrating a database of its own), and the built server that durability.test.ts
 * starts as a process (processes.ts), rebuilt only when older than its sources.
 */
export default async function setup(project: TestProject) {
  buildIfStale(["server"]);
  const dir = mkdtempSync(path.join(tmpdir(), "chatsphere-snapshot-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, new Uint8Array(await (await dumpMigratedDatabase()).arrayBuffer()));
  project.provide("pgliteSnapshotFile", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
