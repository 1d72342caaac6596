import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter";
import { expectInOrder, rule } from "./rate-limiter.test-support";

describe("rate limiter in memory (the embedded default)", () => {
  it("allows max hits per window, then says how long to wait", async () => {
    const limiter = createRateLimiter();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await limiter.consume("k", rule));
    expect(answers.slice(0, 3)).toEqual([null, null, null]);
    expect(answers[3]).toBeGreaterThan(0);
    expect(answers[3]).toBeLessThanOrEqual(60);
    // Another key, or the same key under another rule, has its own allowance.
    expect(await limiter.consume("other", rule)).toBeNull();
    expect(await limiter.hit("k", { max: 10, window: 60 })).toBe(true);
  });

  it("multiplies every limit by RATE_LIMIT_SCALE (load tests)", async () => {
    const limiter = createRateLimiter({ scale: 2 });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await limiter.consume("k", rule));
    expect(answers.filter((a) => a === null)).toHaveLength(6);
  });

  it("counts keys in order and stops at the first over its limit", async () => {
    await expectInOrder(createRateLimiter());
  });
});
