import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CallerSession } from "./caller-session";
import { createSessionCache } from "./session-cache";

const cookieOf = (token: string) => `theme=dark; better-auth.session_token=${token}.sig`;

const sessionOf = (userId: string): CallerSession => ({
  user: { id: userId, name: userId, image: null, role: "user", isAnonymous: true },
  session: { id: `s-${userId}`, expiresAt: new Date(Date.now() + 86_400_000) },
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the session cache", () => {
  it("looks a cookie up once per TTL and shares a lookup in flight", async () => {
    const lookup = vi.fn(async (cookie: string) => sessionOf(cookie.includes("t1") ? "u1" : "u2"));
    const cache = createSessionCache(lookup, { ttlMs: 1000, maxEntries: 10 });
    const [a, b] = await Promise.all([cache.get(cookieOf("t1")), cache.get(cookieOf("t1"))]);
    expect(a?.user.id).toBe("u1");
    expect(b).toBe(a);
    expect(lookup).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get(cookieOf("t1"));
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(await cache.get("theme=dark")).toBeNull();
    cache.close();
  });

  it("sweeps expired entries, so idle connected users hold none", async () => {
    const cache = createSessionCache(async () => sessionOf("u"), { ttlMs: 1000, maxEntries: 10 });
    await cache.get(cookieOf("t1"));
    vi.advanceTimersByTime(600);
    await cache.get(cookieOf("t2"));
    expect(cache.size).toBe(2);
    vi.advanceTimersByTime(500); // t1 expired by 1000, swept at 1000; t2 lives until 1600 at most
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(cache.size).toBe(0);
    cache.close();
  });

  it("forgets a failed lookup, so the next call tries again", async () => {
    const lookup = vi
      .fn<(cookie: string) => Promise<CallerSession | null>>()
      .mockRejectedValueOnce(new Error("database down"))
      .mockResolvedValue(sessionOf("u1"));
    const cache = createSessionCache(lookup, { ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get(cookieOf("t1"))).rejects.toThrow("database down");
    expect(cache.size).toBe(0);
    expect((await cache.get(cookieOf("t1")))?.user.id).toBe("u1");
    cache.close();
  });

  it("keeps each answer between half the TTL and the TTL, so a crowd is not looked up at once", async () => {
    const lookup = vi.fn(async () => sessionOf("u"));
    const cache = createSessionCache(lookup, { ttlMs: 1000, maxEntries: 10_000 });
    const crowd = Array.from({ length: 1000 }, (_, index) => cookieOf(`t${index}`));
    // Everyone arrives at once (reconnecting after a restart), then calls every 50 ms.
    const callAll = () => Promise.all(crowd.map((cookie) => cache.get(cookie)));
    await callAll();
    const renewedIn: number[] = [];
    for (let elapsed = 50; elapsed <= 1000; elapsed += 50) {
      vi.advanceTimersByTime(50);
      const before = lookup.mock.calls.length;
      await callAll();
      renewedIn.push(lookup.mock.calls.length - before);
    }
    // Nobody before half the TTL, everybody once by the TTL, never a crowd in one instant.
    expect(renewedIn.slice(0, 9).every((count) => count === 0)).toBe(true);
    expect(renewedIn.reduce((sum, count) => sum + count, 0)).toBe(1000);
    expect(Math.max(...renewedIn)).toBeLessThan(250);
    cache.close();
  });

  it("looks up again after the drawn time, and sweeps by expiry, not by arrival", async () => {
    const draws = [0, 0.99]; // the first arrival kept the whole 1000 ms, the second ~505 ms
    const lookup = vi.fn(async () => sessionOf("u"));
    const cache = createSessionCache(lookup, {
      ttlMs: 1000,
      maxEntries: 10,
      random: () => draws.shift() ?? 0,
    });
    vi.advanceTimersByTime(1100);
    await cache.get(cookieOf("t2")); // kept until 2100
    vi.advanceTimersByTime(100);
    await cache.get(cookieOf("t1")); // kept until ~1705: arrived later, expires first
    vi.advanceTimersByTime(700); // 1900
    await cache.get(cookieOf("t2"));
    expect(lookup).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(100); // the sweep at 2000 drops t1 behind the still-valid t2
    expect(cache.size).toBe(1);
    await cache.get(cookieOf("t1"));
    expect(lookup).toHaveBeenCalledTimes(3);
    cache.close();
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = createSessionCache(async () => sessionOf("u"), { ttlMs: 1000, maxEntries: 2 });
    for (const token of ["t1", "t2", "t3"]) await cache.get(cookieOf(token));
    expect(cache.size).toBe(2);
    cache.close();
  });
});
