import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { stopProcess } from "./processes";
import { sleep } from "./realtime-helpers";
import { SHORT_TIMERS, useTwoProcesses, type Person } from "./two-processes";

/*
 * The dashboard across two real server processes sharing PostgreSQL and Redis (as behind a
 * load balancer): activeNow counts the users connected to either process once each, and the
 * daily activity that both processes record counts a user active on both once, every message
 * once. The processes write their tallies on their own timer (ACTIVITY_FLUSH_MS, 5 s in
 * production, SHORT_TIMERS here), so the checks wait for it. Runs in `npm run test:services`.
 */

/** A few flush intervals of the processes: each has written what it counted before. */
const FLUSHED_MS = 5 * Number(SHORT_TIMERS.ACTIVITY_FLUSH_MS);

describe("the dashboard across processes", () => {
  /** Users sign up through process 1 and have a client on each process. */
  const { children, signUp, signUpAdmin, socketOn, startAnother } = useTwoProcesses({
    name: "xdash",
  });
  const connect = (person: Person, which: 0 | 1) => socketOn(which, person);
  let admin: Person;

  beforeAll(async () => {
    admin = await signUpAdmin();
  });

  const activeNowOn = (which: 0 | 1) => async () =>
    (await admin.on[which]?.admin.getDashboardMetrics())?.activeNow;

  async function todayOn(which: 0 | 1) {
    const trends = await admin.on[which]?.admin.getEngagementTrends();
    const last = (series?: { count: number }[]) => series?.[series.length - 1]?.count;
    return { activeUsers: last(trends?.activeUsersPerDay), messages: last(trends?.messagesPerDay) };
  }

  it("counts as active now the users connected to either process, each once", async () => {
    const ann = await signUp();
    const bob = await signUp();
    await connect(ann, 0);
    await connect(ann, 1);
    const bobSocket = await connect(bob, 1);
    await expect.poll(activeNowOn(0)).toBe(2);
    await expect.poll(activeNowOn(1)).toBe(2);

    await bobSocket.close();
    await expect.poll(activeNowOn(0)).toBe(1);
  });

  it("counts a user active on both processes once a day, and every message once", async () => {
    // What the test before did is written first, so it is not mistaken for this test's.
    await sleep(FLUSHED_MS);
    const before = await todayOn(0);
    const carl = await signUp();
    const dana = await signUp();
    const { room } =
      (await carl.on[0]?.room.create({ name: `Dash ${randomUUID().slice(0, 8)}` })) ?? {};
    const roomId = room?.id ?? "";
    await connect(carl, 0);
    await connect(carl, 1);
    await connect(dana, 1);
    await carl.on[0]?.message.send({ roomId, content: "from the first" });
    await carl.on[1]?.message.send({ roomId, content: "from the second" });

    const expected = {
      activeUsers: (before.activeUsers ?? 0) + 2,
      messages: (before.messages ?? 0) + 2,
    };
    // Polled gently: reads are rate-limited per user too (decision 0015).
    await expect.poll(() => todayOn(1), { timeout: 10_000, interval: 250 }).toEqual(expected);
    // Both processes have flushed again since: still once each.
    await sleep(FLUSHED_MS);
    expect(await todayOn(0)).toEqual(expected);
  });

  it("a process that stops writes what it counted before it exits", async () => {
    // A third process whose timer never comes within the test: only its stop can write.
    const third = await startAnother({ ACTIVITY_FLUSH_MS: String(10 * 60_000) });
    const before = await todayOn(0);
    const erin = await signUp();
    const { room } =
      (await erin.on[third]?.room.create({ name: `Stop ${randomUUID().slice(0, 8)}` })) ?? {};
    await erin.on[third]?.message.send({ roomId: room?.id ?? "", content: "last words" });
    const [, second, stopping] = children;
    if (stopping) await stopProcess(stopping);
    expect(await todayOn(0)).toEqual({
      activeUsers: (before.activeUsers ?? 0) + 1,
      messages: (before.messages ?? 0) + 1,
    });
    // The second stops too. One live process left: its own users only (ann and carl of the
    // tests above).
    if (second) await stopProcess(second);
    await expect.poll(activeNowOn(0)).toBe(2);
  }, 30_000);
});
