/** Reconnect delays: exponential from 500 ms up to 15 s, with "full jitter" in [50%, 100%]. */
export const BACKOFF = { baseMs: 500, maxMs: 15_000 } as const;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** attempt);
  // Jitter spreads the reconnects of many clients after a server restart.
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
