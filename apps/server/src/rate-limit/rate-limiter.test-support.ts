import { expect } from "vitest";
import type { RateLimiter } from "./rate-limiter";

/* What the rate limiter's tests share: in memory (rate-limiter.test.ts) and on Redis. */

export const rule = { max: 3, window: 60 };

/**
 * consumeInOrder: a user's allowance (2) before their address's (3); a call the user's refuses
 * does not count against the address, and the counters are consume's own.
 */
export async function expectInOrder(limiter: RateLimiter) {
  const user = (name: string) => ({ key: `u:${name}`, rule: { max: 2, window: 60 } });
  const address = { key: "a:1", rule };
  const both = (name: string) => limiter.consumeInOrder([user(name), address]);
  expect(await both("ann")).toBeNull();
  expect(await both("ann")).toBeNull();
  const refused = await both("ann");
  expect(refused).toBeGreaterThan(0);
  expect(refused).toBeLessThanOrEqual(60);
  // Ann's third call did not spend the address: one call is left there, for Bob.
  expect(await both("bob")).toBeNull();
  expect(await both("bob")).toBeGreaterThan(0);
  // The same counters as consume's: consume finds the address spent.
  expect(await limiter.consume("a:1", rule)).not.toBeNull();
  expect(await limiter.consumeInOrder([])).toBeNull();
}
