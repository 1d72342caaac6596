import type { Logger } from "../logger";
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
  /**
   * Whether another server process shares this Redis (the bus knows, decision 0043): only
   * then are the counts kept in Redis; a process alone keeps them itself (decision 0045).
   * Going from alone to sharing puts this process's counts in Redis first, in the same turn:
   * whatever this process sends to Redis after the call (the bus's answer to a hello) is run
   * after them. Without Redis this does nothing.
   */
  setSharing(sharing: boolean): void;
  /** Stops the sweep of ended windows. */
  close(): void;
}

export interface RateLimitHit {
  key: string;
  rule: RateLimitRule;
}

/**
 * The consumeInOrder calls of one turn of the event loop in one script run: per key a
 * counter that expires a window after its first hit, created by the increment and given its
 * expiry then (the script is atomic, so no counter is ever left without one). KEYS are the
 * counters of every call in turn; ARGV has a (max, window, last) triple per key, `last` 1 on
 * a call's final key. A call stops at its first refused key (the keys after it are not
 * counted), then the next call starts. Answers one number per call: -1 when every key was
 * allowed, else the milliseconds until the first refused key's window ends. One run for a
 * burst instead of one per call: measured with two keys per call, a run cost Redis ~21 us, of
 * which ~7 us was the start.
 */
const CONSUME_IN_ORDER = `
local answers = {}
local answer = -1
for i, key in ipairs(KEYS) do
  if answer == -1 then
    local max = tonumber(ARGV[3 * i - 2])
    local window = tonumber(ARGV[3 * i - 1])
    local count = redis.call('incr', key)
    if count == 1 then redis.call('expire', key, window) end
    if count > max then
      answer = redis.call('pttl', key)
      if answer < 0 then
        redis.call('expire', key, window)
        answer = 1000 * window
      end
    end
  end
  if ARGV[3 * i] == '1' then
    answers[#answers + 1] = answer
    answer = -1
  end
end
return answers
`;

/** Per key, its count in Redis and the milliseconds left of its window (0, -2: none). */
const READ_COUNTERS = `
local out = {}
for _, key in ipairs(KEYS) do
  local count = redis.call('get', key)
  out[#out + 1] = count and tonumber(count) or 0
  out[#out + 1] = count and redis.call('pttl', key) or -2
end
return out
`;

/**
 * Adds what a process counted alone to Redis's counters (ARGV: per key the count to add and
 * the milliseconds left of its window); a counter that was not there gets that window.
 */
const ADD_COUNTS = `
for i, key in ipairs(KEYS) do
  local delta = tonumber(ARGV[2 * i - 1])
  if redis.call('incrby', key, delta) == delta then
    redis.call('pexpire', key, ARGV[2 * i])
  end
end
return #KEYS
`;

/** A counter kept by this process: its hits, how many of them Redis has, its window's end. */
interface Counter {
  count: number;
  inRedis: number;
  until: number;
}

/** A read of counters waiting for its turn's script run. */
interface PendingRead {
  keys: string[];
  resolve(counts: { count: number; ttlMs: number }[]): void;
}

/** A consumeInOrder call waiting for its turn's script run. */
interface PendingCall {
  hits: RateLimitHit[];
  resolve(wait: number | null): void;
  reject(error: unknown): void;
}

/** How often counters whose window ended are dropped. */
const SWEEP_MS = 10_000;

/**
 * Fixed-window counters: a key's window starts at its first hit and lasts the rule's window;
 * a hit over the rule's max is refused (and counted, as Redis's INCR counts it). Each rule
 * keeps its own counter, so a key counted under two rules has two.
 *
 * Where they live (decision 0045): in Redis while other server processes share it (atomic,
 * one script run per turn, decision 0015), else in this process's memory, which is all there
 * is on the embedded default and all a process alone needs: a count in Redis that no other
 * process reads costs each call a round trip to Redis, and Redis a script run, for nobody.
 *
 * - **Left alone** (the bus says no other process is alive), a key's first hit within a
 *   window of the switch reads the key's counter from Redis, since the processes may have
 *   counted it together until then; every other hit is counted here, and nothing is written
 *   to Redis.
 * - **Sharing again** (another process starts, or is found alive), this process adds what it
 *   counted alone to Redis's counters, with their windows' ends, before anything it sends to
 *   Redis after that (its answer to the other's hello): the other process starts only after
 *   that answer, so it finds the counts there.
 * - **A Redis outage** while sharing counts in memory instead of failing every call.
 */
export function createRateLimiter(
  options: { redis?: RedisConnection; scale?: number; logger?: Logger } = {},
): RateLimiter {
  const { redis, logger } = options;
  const scale = options.scale ?? 1;
  /** A rule's max times RATE_LIMIT_SCALE (load tests), at least 1. */
  const maxOf = (rule: RateLimitRule) =>
    scale === 1 ? rule.max : Math.max(1, Math.round(rule.max * scale));
  // The counters keep the names decision 0015 gave them (rate-limiter-flexible's).
  const prefix = `${redis?.prefix ?? ""}rl:`;
  const keyOf = (hit: RateLimitHit) => `${prefix}${maxOf(hit.rule)}/${hit.rule.window}:${hit.key}`;

  /** Until told otherwise, the processes share Redis (so nothing is counted alone by mistake). */
  let sharing = Boolean(redis);
  /** When this process was last left alone (a counter may be in Redis for a window after). */
  let aloneSince = Number.NEGATIVE_INFINITY;
  /** Incremented at each switch: a read of Redis begun before one is not kept. */
  let generation = 0;
  const counters = new Map<string, Counter>();

  const consumeScript = redis ? luaScript(redis.command, CONSUME_IN_ORDER) : null;
  const readScript = redis ? luaScript(redis.command, READ_COUNTERS) : null;

  let reads: PendingRead[] = [];
  /** Reads the turn's counters in one script run; an unreadable counter counts as none. */
  const readCounters = async () => {
    const batch = reads;
    reads = [];
    const keys = batch.flatMap((read) => read.keys);
    let answer: unknown = [];
    try {
      answer = readScript ? await readScript(keys, []) : [];
    } catch (error) {
      logger?.warn(`rate limits: could not read counters from Redis: ${String(error)}`);
    }
    const values = Array.isArray(answer) ? answer.map(Number) : [];
    let at = 0;
    for (const read of batch) {
      read.resolve(
        read.keys.map(() => {
          const count = values[at++] ?? 0;
          const ttlMs = values[at++] ?? -2;
          return { count: Number.isNaN(count) ? 0 : count, ttlMs };
        }),
      );
    }
  };
  const readFromRedis = (keys: string[]) =>
    new Promise<{ count: number; ttlMs: number }[]>((resolve) => {
      if (reads.length === 0) setImmediate(() => void readCounters());
      reads.push({ keys, resolve });
    });

  /**
   * The hits counted here, in order, stopping at the first refused. Alone, a key with no
   * counter here that Redis may still count (within a window of the switch) is read from
   * Redis first, the call's keys in one read; if the processes switch meanwhile, the call's
   * hits go on as they are counted now.
   */
  async function consumeHere(hits: RateLimitHit[]): Promise<number | null> {
    const keys = hits.map(keyOf);
    let now = Date.now();
    // Sharing, this is the outage's fallback: nothing to read from Redis.
    const stale =
      sharing || !redis
        ? []
        : keys.filter((key, i) => {
            const counter = counters.get(key);
            const window = hits[i]?.rule.window ?? 0;
            return (!counter || counter.until <= now) && now < aloneSince + window * 1000;
          });
    if (stale.length > 0) {
      const started = generation;
      const found = await readFromRedis(stale);
      if (started !== generation) return consumeInOrder(hits);
      now = Date.now();
      stale.forEach((key, i) => {
        const { count, ttlMs } = found[i] ?? { count: 0, ttlMs: -2 };
        const current = counters.get(key);
        // Another call may have read it in the same turn and counted on it since.
        if ((current && current.until > now) || count <= 0 || ttlMs <= 0) return;
        counters.set(key, { count, inRedis: count, until: now + ttlMs });
      });
    }
    for (let i = 0; i < hits.length; i++) {
      const key = keys[i] as string;
      const { rule } = hits[i] as RateLimitHit;
      let counter = counters.get(key);
      if (!counter || counter.until <= now) {
        counter = { count: 0, inRedis: 0, until: now + rule.window * 1000 };
        counters.set(key, counter);
      }
      counter.count++;
      if (counter.count > maxOf(rule)) return secondsOf(counter.until - now);
    }
    return null;
  }

  let pending: PendingCall[] = [];
  /** Counts the turn's calls in one script run; an outage counts each here instead. */
  const flush = async () => {
    const calls = pending;
    pending = [];
    if (!consumeScript) return;
    const keys: string[] = [];
    const args: number[] = [];
    for (const call of calls) {
      call.hits.forEach((hit, i) => {
        keys.push(keyOf(hit));
        args.push(maxOf(hit.rule), hit.rule.window, i === call.hits.length - 1 ? 1 : 0);
      });
    }
    let answers: unknown;
    try {
      answers = await consumeScript(keys, args);
    } catch {
      for (const call of calls) consumeHere(call.hits).then(call.resolve, call.reject);
      return;
    }
    calls.forEach((call, i) => {
      const ms = Array.isArray(answers) ? Number(answers[i]) : Number.NaN;
      if (Number.isNaN(ms)) call.reject(new Error("rate limiter: malformed answer from Redis"));
      else call.resolve(ms < 0 ? null : secondsOf(ms));
    });
  };

  function consumeInOrder(hits: RateLimitHit[]): Promise<number | null> {
    if (hits.length === 0) return Promise.resolve(null);
    if (!sharing) return consumeHere(hits);
    return new Promise((resolve, reject) => {
      // The calls a burst starts in this turn (decision 0034's gathered sends) go together.
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push({ hits, resolve, reject });
    });
  }

  /** What this process counted alone, added to Redis's counters (sent at once, in order). */
  function addCountsToRedis() {
    if (!redis) return;
    const now = Date.now();
    const keys: string[] = [];
    const args: number[] = [];
    for (const [key, counter] of counters) {
      const delta = counter.count - counter.inRedis;
      if (delta <= 0 || counter.until <= now) continue;
      keys.push(key);
      args.push(delta, counter.until - now);
    }
    if (keys.length === 0) return;
    // EVAL, not EVALSHA: a NOSCRIPT retry would reach Redis after what is sent next.
    redis.command.eval(ADD_COUNTS, keys.length, ...keys, ...args).catch((error: unknown) => {
      logger?.warn(`rate limits: could not share this process's counts: ${String(error)}`);
    });
  }

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, counter] of counters) if (counter.until <= now) counters.delete(key);
  }, SWEEP_MS);
  sweep.unref();

  const consume = (key: string, rule: RateLimitRule) => consumeInOrder([{ key, rule }]);
  return {
    consume,
    hit: async (key, rule) => (await consume(key, rule)) === null,
    consumeInOrder,
    setSharing(next) {
      if (!redis || next === sharing) return;
      generation++;
      sharing = next;
      if (next) addCountsToRedis();
      else aloneSince = Date.now();
      // Sharing, counts live in Redis; alone, they start from Redis's (read as needed).
      counters.clear();
    },
    close: () => clearInterval(sweep),
  };
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
