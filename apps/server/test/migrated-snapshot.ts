import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tar) that setup-server.ts made for this run. */
    pgliteSnapshotFile?: string;
  }
}

/**
 * A migrated, empty PGlite data directory as a tar: a database started from it skips initdb
 * and the migrations (seconds each).
 */
export async function dumpMigratedDatabase(): Promise<Blob> {
  const handle = openDatabase({ kind: "pglite", dataDir: null });
  try {
    await runMigrations(handle);
    const blob = await handle.dump?.();
    if (!blob) throw new Error("PGlite cannot dump its data directory");
    return blob;
  } finally {
    await handle.close();
  }
}

let snapshot: Promise<Blob> | null = null;

/**
 * The snapshot every PGlite of this test file starts from: the one file the server project's
 * global setup made for the whole run (setup-server.ts), read once per test file; or, run
 * without that setup (another config), one made here.
 */
export function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = inject("pgliteSnapshotFile");
    if (!file) return dumpMigratedDatabase();
    return new Blob([await readFile(file)], { type: "application/x-tar" });
  })();
  return snapshot;
}
