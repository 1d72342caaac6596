// Loaded into the ChatSphere server under test (`node --expose-gc --import ./server-probe.mjs`)
// by the connections phase only: on SIGUSR2 it runs a full garbage collection and writes
// process.memoryUsage() to BENCH_PROBE_FILE. It changes nothing else in the server.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    globalThis.gc?.();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
