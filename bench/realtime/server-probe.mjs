// Loaded into the ChatSphere server under test (`node --expose-gc --import ./server-probe.mjs`)
// by the connections phase only: on SIGUSR2 it runs a full garbage collection and writes
// process.memoryUsage() and V8's heap spaces to BENCH_PROBE_FILE. It changes nothing else in
// the server.
import { writeFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    globalThis.gc?.();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((s) => [
        s.space_name,
        { size: s.space_size, used: s.space_used_size, physical: s.physical_space_size },
      ]),
    );
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), spaces }));
  });
}
