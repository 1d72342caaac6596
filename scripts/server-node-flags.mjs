// The Node flags the server process is started with: by `npm start` (scripts/start.mjs) and by
// the benches that start the built server as `npm start` would (bench/realtime, bench/startup).
import { availableParallelism } from "node:os";

/**
 * On a machine, or in a CPU set, of one core: `--single-threaded-gc` (decision 0041). V8 runs
 * parts of each garbage collection (concurrent marking, parallel scavenges, sweeping) on helper
 * threads; with one core those threads can only take turns with the main thread, which the
 * operating system then slows by half for as long as the marking lasts, and messages queue up
 * behind it. On the main thread the same work is done in small steps V8 paces with allocation.
 * V8 takes the flag only at the process's start (setting it later aborts the process), so it is
 * a command-line flag, not something the server can set for itself.
 *
 * @param {number} [cores] the cores the server process may run on (this process's by default)
 * @returns {string[]}
 */
export function serverNodeFlags(cores = availableParallelism()) {
  return cores === 1 ? ["--single-threaded-gc"] : [];
}
