// A short-lived child process of the server's first start (see pglite-data-dir.ts): creates
// a PGlite database (initdb) in the directory named by its one argument and exits. initdb
// grows PGlite's WebAssembly memory to several hundred megabytes, which a process never
// gets back; paid here, it is returned to the system when this process ends (decision 0031).
import { PGlite } from "@electric-sql/pglite";

async function createDatabase(dataDir: string) {
  // Opening PGlite on a directory without PG_VERSION runs initdb there.
  const client = new PGlite({ dataDir });
  await client.waitReady;
  await client.query("select 1");
  await client.close();
}

const dataDir = process.argv[2];
if (!dataDir) {
  console.error("usage: pglite-initdb <data directory>");
  process.exit(2);
}
createDatabase(dataDir).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
