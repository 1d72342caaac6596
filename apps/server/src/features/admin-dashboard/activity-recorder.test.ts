import { describe, expect, it, vi } from "vitest";
import type { Logger } from "../../logger";
import { ActivityRecorder, type ActivityStore } from "./activity-recorder";
import { daysEnding } from "./utc-day";

const NOON = Date.parse("2025-03-10T12:00:00Z");
const HOUR = 60 * 60 * 1000;

function setup(options: { connected?: string[] } = {}) {
  let now = NOON;
  const writes: { day: string; userIds: string[]; messages: number }[] = [];
  const prunes: string[] = [];
  let failures = 0;
  const store: ActivityStore = {
    add: async (params) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error("database unreachable");
      }
      writes.push({ ...params, userIds: [...params.userIds].sort() });
    },
    pruneBefore: async (day) => void prunes.push(day),
  };
  const logger: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const recorder = new ActivityRecorder({
    store,
    logger,
    countOnline: async () => 7,
    connectedUsers: () => options.connected ?? [],
    now: () => now,
  });
  return {
    recorder,
    writes,
    prunes,
    logger,
    failNext: (count = 1) => void (failures = count),
    advance: (ms: number) => void (now += ms),
  };
}

describe("activity recorder", () => {
  it("writes each user once per day and counts every message, its sender active", async () => {
    const { recorder, writes } = setup();
    recorder.userActive("ann");
    recorder.userActive("ann");
    recorder.messageStored("bob");
    recorder.messageStored("ann");
    await recorder.flush();
    expect(writes).toEqual([{ day: "2025-03-10", userIds: ["ann", "bob"], messages: 2 }]);

    recorder.userActive("ann");
    recorder.messageStored("bob");
    await recorder.flush();
    expect(writes[1]).toEqual({ day: "2025-03-10", userIds: [], messages: 1 });
  });

  it("writes nothing when nothing happened", async () => {
    const { recorder, writes } = setup();
    await recorder.flush();
    expect(writes).toEqual([]);
  });

  it("keeps a failed write for the next flush and logs it (nothing lost, nothing thrown)", async () => {
    const { recorder, writes, logger, failNext } = setup();
    recorder.messageStored("ann");
    failNext();
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(writes).toEqual([]);
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining("retrying at the next flush"),
      expect.any(Error),
    );
    recorder.userActive("bob");
    recorder.messageStored("ann");
    await recorder.flush();
    expect(writes).toEqual([{ day: "2025-03-10", userIds: ["ann", "bob"], messages: 2 }]);
  });

  it("starts a new day at midnight UTC: users count again, and those connected count at once", async () => {
    const { recorder, writes, advance } = setup({ connected: ["carl"] });
    recorder.userActive("ann");
    advance(12 * HOUR);
    recorder.userActive("ann");
    await recorder.flush();
    expect(writes).toEqual([
      { day: "2025-03-10", userIds: ["ann"], messages: 0 },
      { day: "2025-03-11", userIds: ["ann", "carl"], messages: 0 },
    ]);
  });

  it("keeps yesterday's failed tally beside today's until it is written", async () => {
    const { recorder, writes, advance, failNext } = setup();
    recorder.messageStored("ann");
    failNext();
    await recorder.flush();
    advance(12 * HOUR);
    recorder.messageStored("ann");
    await recorder.flush();
    expect(writes).toEqual([
      { day: "2025-03-10", userIds: ["ann"], messages: 1 },
      { day: "2025-03-11", userIds: ["ann"], messages: 1 },
    ]);
  });

  it("splits a large day into statements of 5 000 users, the messages written once", async () => {
    const { recorder, writes } = setup();
    for (let i = 0; i < 12_000; i++) recorder.userActive(`u${i}`);
    recorder.messageStored("u0");
    await recorder.flush();
    expect(writes.map((w) => [w.userIds.length, w.messages])).toEqual([
      [5000, 1],
      [5000, 0],
      [2000, 0],
    ]);
  });

  it("runs one write at a time: two flushes at once write the tally once", async () => {
    const { recorder, writes } = setup();
    recorder.messageStored("ann");
    await Promise.all([recorder.flush(), recorder.flush()]);
    expect(writes).toHaveLength(1);
  });

  it("forgets who was active before the dashboard's range, at most once an hour", async () => {
    const { recorder, prunes, advance } = setup();
    await recorder.flush();
    await recorder.flush();
    expect(prunes).toEqual([daysEnding("2025-03-10", 30)[0]]);
    advance(HOUR);
    await recorder.flush();
    expect(prunes).toHaveLength(2);
  });

  it("flushes when closed", async () => {
    const { recorder, writes } = setup();
    recorder.start();
    recorder.messageStored("ann");
    await recorder.close();
    expect(writes).toEqual([{ day: "2025-03-10", userIds: ["ann"], messages: 1 }]);
  });

  it("asks the online registry for activeNow", async () => {
    await expect(setup().recorder.activeNow()).resolves.toBe(7);
  });
});
