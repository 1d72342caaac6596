import v8 from "node:v8";

/**
 * How far V8 lets the old generation grow past what a full GC left alive before the next full
 * GC: 200 % (three times the live heap) instead of V8's own factor, which for this server's
 * short-lived garbage settles at ~1.1-1.5x and collects every few seconds under load. Each full
 * GC holds every message of its ~100-300 ms back on a busy core, so fewer of them is a lower
 * p99 (decision 0039, bench/README.md "Eleventh run").
 */
export const HEAP_GROWING_PERCENT = 200;

const FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Sets V8's heap growing factor for this process (decision 0039), unless one was given on the
 * command line or in NODE_OPTIONS (an operator's choice wins). V8 reads the factor at each full
 * GC, so it applies from the next one on. Returns whether it set it.
 */
export function setHeapGrowth(
  given: { execArgv: readonly string[]; nodeOptions?: string } = {
    execArgv: process.execArgv,
    nodeOptions: process.env.NODE_OPTIONS,
  },
  setFlags: (flags: string) => void = (flags) => v8.setFlagsFromString(flags),
): boolean {
  const options = [...given.execArgv, ...(given.nodeOptions ?? "").split(/\s+/)];
  if (options.some((option) => FLAG.test(option))) return false;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
