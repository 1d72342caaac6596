import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./client";

const MIGRATION_LOCK = 0x63_68_61_74; // "chat"

/** Finds the migrations beside the source (tsx, tests) or beside the bundle (dist). */
export function migrationsFolder(): string {
  const candidates = ["./migrations", "../src/db/migrations"];
  for (const candidate of candidates) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error("Database migrations folder not found");
}

/** Applies pending drizzle-kit migrations; processes starting together take turns. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  await handle.withLock(MIGRATION_LOCK, async () => {
    if (handle.kind === "pglite") {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  });
}
