import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RedisConnection } from "../realtime/redis/connection";
import { luaScript } from "../realtime/redis/script";

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
  /**
   * `consume` for several keys in order, stopping at the first that is over its limit (the
   * keys after it are not counted): null when all allowed, else that key's seconds to wait.
   * On Redis, one round trip for all of them.
   */
  consumeInOrder(hits: RateLimitHit[]): Promise<number | null>;
}

export interface RateLimitHit {
  key: string;
  rule: RateLimitRule;
}

/**
 * consumeInOrder's counters in one call: per key the counter rate-limiter-flexible keeps
 * (created at 0 with the window as its expiry, then incremented), so both count the same keys
 * alike. KEYS are the counters in order, ARGV their (max, window) pairs. Answers -1 when every
 * key was allowed, else the milliseconds until the first refused key's window ends.
 */
const CONSUME_IN_ORDER = `
for i, key in ipairs(KEYS) do
  local max = tonumber(ARGV[2 * i - 1])
  local window = tonumber(ARGV[2 * i])
  redis.call('set', key, 0, 'EX', window, 'NX')
  if redis.call('incr', key) > max then
    local ttl = redis.call('pttl', key)
    if ttl < 0 then
      redis.call('expire', key, window)
      ttl = 1000 * window
    end
    return ttl
  end
end
return -1
`;

/**
 * Counters in Redis when the processes share one (atomic, one round trip, decision 0015),
 * else in this process's memory, which is all there is on the embedded default. Each rule gets
 * its own limiter, so a key counted under two rules keeps two counters. A Redis outage falls
 * back to memory counters instead of failing every call.
 */
export function createRateLimiter(
  options: { redis?: RedisConnection; scale?: number } = {},
): RateLimiter {
  const { redis } = options;
  const limiters = new Map<
    string,
    { rule: RateLimitRule; memory: RateLimiterMemory; redis?: RateLimiterRedis }
  >();
  const scale = options.scale ?? 1;
  const limiterFor = (given: RateLimitRule) => {
    const rule = { ...given, max: Math.max(1, Math.round(given.max * scale)) };
    const name = `${rule.max}/${rule.window}`;
    let limiter = limiters.get(name);
    if (limiter) return limiter;
    const base = { points: rule.max, duration: rule.window, keyPrefix: `rl:${name}` };
    const memory = new RateLimiterMemory(base);
    limiter = {
      rule,
      memory,
      redis: redis
        ? new RateLimiterRedis({
            ...base,
            keyPrefix: `${redis.prefix}rl:${name}`,
            storeClient: redis.command,
            insuranceLimiter: memory,
          })
        : undefined,
    };
    limiters.set(name, limiter);
    return limiter;
  };

  const consumeWith = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return secondsOf(rejection.msBeforeNext);
    }
  };
  const consume = (key: string, rule: RateLimitRule) => {
    const limiter = limiterFor(rule);
    return consumeWith(limiter.redis ?? limiter.memory, key);
  };
  // In memory (no Redis, or Redis failing): one key after the other.
  const consumeInMemory = async (hits: RateLimitHit[]) => {
    for (const hit of hits) {
      const wait = await consumeWith(limiterFor(hit.rule).memory, hit.key);
      if (wait !== null) return wait;
    }
    return null;
  };
  const script = redis ? luaScript(redis.command, CONSUME_IN_ORDER) : null;
  const consumeInOrder = async (hits: RateLimitHit[]) => {
    if (!redis || !script) return consumeInMemory(hits);
    const keys: string[] = [];
    const args: number[] = [];
    for (const hit of hits) {
      const { rule } = limiterFor(hit.rule);
      keys.push(`${redis.prefix}rl:${rule.max}/${rule.window}:${hit.key}`);
      args.push(rule.max, rule.window);
    }
    try {
      const ms = Number(await script(keys, args));
      return ms < 0 ? null : secondsOf(ms);
    } catch {
      // As rate-limiter-flexible's insurance: a Redis outage counts in memory, not fail calls.
      return consumeInMemory(hits);
    }
  };
  return {
    consume,
    hit: async (key, rule) => (await consume(key, rule)) === null,
    consumeInOrder,
  };
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
