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
    vi.advanceTimersByTime(500); // t1 expired at 1000, swept at 1000; t2 lives until 1600
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

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = createSessionCache(async () => sessionOf("u"), { ttlMs: 1000, maxEntries: 2 });
    for (const token of ["t1", "t2", "t3"]) await cache.get(cookieOf(token));
    expect(cache.size).toBe(2);
    cache.close();
  });
});
