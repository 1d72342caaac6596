import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RedisConnection } from "../realtime/redis/connection";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

export interface RateLimiter {
  /**
   * Counts one hit for `key` under `rule`: null when it was allowed, else how many seconds
   * until the key may try again.
   */
  consume(key: string, rule: RateLimitRule): Promise<number | null>;
  /** `consume` as a yes/no: false when the key is over its limit for the current window. */
  hit(key: string, rule: RateLimitRule): Promise<boolean>;
}

/**
 * Counters in Redis when the processes share one (atomic, one round trip, decision 0015),
 * else in this process's memory, which is all there is on the embedded default. Each rule gets
 * its own limiter, so a key counted under two rules keeps two counters. A Redis outage falls
 * back to memory counters instead of failing every call.
 */
export function createRateLimiter(
  options: { redis?: RedisConnection; scale?: number } = {},
): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const scale = options.scale ?? 1;
  const limiterFor = (given: RateLimitRule) => {
    const rule = { ...given, max: Math.max(1, Math.round(given.max * scale)) };
    const name = `${rule.max}/${rule.window}`;
    let limiter = limiters.get(name);
    if (limiter) return limiter;
    const base = { points: rule.max, duration: rule.window, keyPrefix: `rl:${name}` };
    const memory = new RateLimiterMemory(base);
    limiter = options.redis
      ? new RateLimiterRedis({
          ...base,
          keyPrefix: `${options.redis.prefix}rl:${name}`,
          storeClient: options.redis.command,
          insuranceLimiter: memory,
        })
      : memory;
    limiters.set(name, limiter);
    return limiter;
  };

  const consume = async (key: string, rule: RateLimitRule) => {
    try {
      await limiterFor(rule).consume(key);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  };
  return { consume, hit: async (key, rule) => (await consume(key, rule)) === null };
}
