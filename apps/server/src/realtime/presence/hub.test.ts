import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger";
import { PresenceHub } from "./hub";

afterEach(() => {
  vi.useRealTimers();
});

/** A hub whose backend only counts reads per moment, and whose channels are all list channels. */
async function hubWith(channels: number) {
  const reads: number[] = [];
  const hub = new PresenceHub({
    backend: () => ({
      write: () => undefined,
      read: async () => {
        reads.push(Date.now());
        return [];
      },
      watch: async () => undefined,
      unwatch: () => undefined,
    }),
    broadcast: () => undefined,
    logger: createLogger("silent"),
    delays: { list: 50, count: 500 },
  });
  for (let i = 0; i < channels; i++) await hub.ready(`room:r${i}`, "list");
  reads.length = 0;
  return { hub, reads };
}

describe("PresenceHub.refreshAll", () => {
  it("re-reads every channel, spread over the interval instead of all at once", async () => {
    vi.useFakeTimers({ now: 0 });
    const { hub, reads } = await hubWith(200);
    hub.refreshAll(4_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads).toHaveLength(200);
    const perStep = new Map<number, number>();
    for (const at of reads) perStep.set(at, (perStep.get(at) ?? 0) + 1);
    expect(Math.max(...perStep.values())).toBeLessThanOrEqual(5);
    expect(Math.max(...reads) - Math.min(...reads)).toBeGreaterThan(3_000);
    hub.close();
  });

  it("starts over when the next beat comes before a spread ended", async () => {
    vi.useFakeTimers({ now: 0 });
    const { hub, reads } = await hubWith(100);
    hub.refreshAll(4_000);
    await vi.advanceTimersByTimeAsync(1_000);
    hub.refreshAll(4_000);
    await vi.advanceTimersByTimeAsync(5_000);
    // The first pass read about a quarter (3 a step); the second one read each channel once more.
    expect(reads.length).toBeGreaterThanOrEqual(100);
    expect(reads.length).toBeLessThanOrEqual(140);
    hub.close();
  });
});
