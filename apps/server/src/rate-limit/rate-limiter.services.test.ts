import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { testServices } from "../../test/services";
import { createLogger } from "../logger";
import { recordCommands } from "../realtime/redis/command-log.test-support";
import { connectRedis, type RedisConnection } from "../realtime/redis/connection";
import { createRateLimiter } from "./rate-limiter";
import { expectInOrder, rule } from "./rate-limiter.test-support";

/** On the Redis of `npm run test:services`. */
const { redisUrl } = testServices();

describe("rate limiter on Redis", () => {
  const connections: RedisConnection[] = [];
  const connect = async (prefix: string) => {
    const logger = createLogger("silent");
    const connection = await connectRedis({ url: redisUrl, prefix, logger });
    connections.push(connection);
    return connection;
  };
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
  });

  it("shares one allowance between two processes (two connections, two limiters)", async () => {
    const prefix = `rl-test-${randomUUID()}:`;
    const one = createRateLimiter({ redis: await connect(prefix) });
    const two = createRateLimiter({ redis: await connect(prefix) });
    const answers = await Promise.all([
      one.consume("shared", rule),
      two.consume("shared", rule),
      one.consume("shared", rule),
      two.consume("shared", rule),
    ]);
    expect(answers.filter((a) => a === null)).toHaveLength(3);
    expect(await one.consume("shared", rule)).not.toBeNull();
    expect(await two.consume("shared", rule)).not.toBeNull();
  });

  it("counts keys in order in one call, on the same counters as consume", async () => {
    await expectInOrder(createRateLimiter({ redis: await connect(`rl-test-${randomUUID()}:`) }));
  });

  it("counts the calls of one turn in one script run, each in order on its own", async () => {
    const connection = await connect(`rl-test-${randomUUID()}:`);
    const limiter = createRateLimiter({ redis: connection });
    const evalsha = connection.command.evalsha.bind(connection.command);
    let runs = 0;
    connection.command.evalsha = ((...args: Parameters<typeof evalsha>) => {
      runs++;
      return evalsha(...args);
    }) as typeof evalsha;
    const user = (name: string) => ({ key: `u:${name}`, rule: { max: 2, window: 60 } });
    const address = { key: "a:1", rule };
    const both = (name: string) => limiter.consumeInOrder([user(name), address]);
    // Ann's third call is refused by her own allowance and does not spend the address's;
    // Bob's first call, after it in the same run, takes the address's last one.
    const answers = await Promise.all([both("ann"), both("ann"), both("ann"), both("bob")]);
    expect(runs).toBe(1);
    expect(answers[0]).toBeNull();
    expect(answers[1]).toBeNull();
    expect(answers[2]).toBeGreaterThan(0);
    expect(answers[3]).toBeNull();
    // Each counter expires a window after its first hit.
    const ttl = await connection.command.pttl(`${connection.prefix}rl:3/60:a:1`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const [bob, carol, empty] = await Promise.all([
      both("bob"),
      limiter.consumeInOrder([address]),
      limiter.consumeInOrder([]),
    ]);
    expect(runs).toBe(2);
    expect(bob).toBeGreaterThan(0);
    expect(carol).toBeGreaterThan(0);
    expect(empty).toBeNull();
  });

  /** A limiter on a connection of its own, under a prefix of its own (or the one given). */
  async function limiterOn(prefix = `rl-test-${randomUUID()}:`) {
    const connection = await connect(prefix);
    return { prefix, connection, limiter: createRateLimiter({ redis: connection }) };
  }

  it("a process alone counts by itself: nothing is written to Redis", async () => {
    const { connection, limiter } = await limiterOn();
    limiter.setSharing(false);
    const sent = recordCommands(connection.command);
    const hit = { key: "k", rule };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limiter.consumeInOrder([hit]));
    expect(answers.map((a) => a === null)).toEqual([true, true, true, false]);
    expect(await limiter.consume("k", rule)).toBeGreaterThan(0);
    // Within a window of the switch, the key's first hit read what Redis had (nothing): one
    // read, no write.
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2); // EVALSHA, and EVAL if Redis lacked the script
    expect(await connection.command.keys(`${connection.prefix}*`)).toEqual([]);
    limiter.close();
  });

  it("a window after it was left alone, a process reads nothing from Redis either", async () => {
    const { connection, limiter } = await limiterOn();
    limiter.setSharing(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sent = recordCommands(connection.command);
    const short = { max: 2, window: 1 };
    const answers = await Promise.all([0, 1, 2].map(() => limiter.consume("k", short)));
    expect(answers.map((a) => a === null)).toEqual([true, true, false]);
    expect(sent).toEqual([]);
    limiter.close();
  });

  it("left alone, a process goes on from the counts the processes shared", async () => {
    const prefix = `rl-test-${randomUUID()}:`;
    const one = createRateLimiter({ redis: await connect(prefix) });
    const two = await connect(prefix);
    const alone = createRateLimiter({ redis: two });
    expect(await one.consume("k", rule)).toBeNull();
    expect(await alone.consume("k", rule)).toBeNull();
    // The first process is gone: the second counts by itself, from the two hits in Redis.
    alone.setSharing(false);
    const [third, fourth] = await Promise.all([alone.consume("k", rule), alone.consume("k", rule)]);
    expect(third).toBeNull();
    expect(fourth).toBeGreaterThan(0);
    expect(await two.command.get(`${prefix}rl:3/60:k`)).toBe("2");
    one.close();
    alone.close();
  });

  it("sharing again, a process puts what it counted alone in Redis before what it sends next", async () => {
    const { prefix, connection, limiter } = await limiterOn();
    const key = `${prefix}rl:3/60:k`;
    expect(await limiter.consume("k", rule)).toBeNull(); // counted in Redis: 1
    limiter.setSharing(false);
    expect(await limiter.consume("k", rule)).toBeNull(); // here, from Redis's 1: 2
    // Counted alone only: a key Redis never had.
    expect(await limiter.consume("fresh", rule)).toBeNull();
    limiter.setSharing(true);
    // Sent after the switch on the same connection, so run after the counts were added.
    const [count, fresh, ttl] = await Promise.all([
      connection.command.get(key),
      connection.command.get(`${prefix}rl:3/60:fresh`),
      connection.command.pttl(`${prefix}rl:3/60:fresh`),
    ]);
    expect(count).toBe("2"); // the hit Redis had is not added twice
    expect(fresh).toBe("1");
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Another process finds one hit left.
    const other = createRateLimiter({ redis: await connect(prefix) });
    expect(await other.consume("k", rule)).toBeNull();
    expect(await other.consume("k", rule)).toBeGreaterThan(0);
    expect(await limiter.consume("k", rule)).toBeGreaterThan(0);
    limiter.close();
    other.close();
  });

  it("a call whose read of Redis is overtaken by a switch is counted as the switch says", async () => {
    const { prefix, connection, limiter } = await limiterOn();
    expect(await limiter.consume("k", rule)).toBeNull();
    expect(await limiter.consume("k", rule)).toBeNull();
    limiter.setSharing(false);
    const pending = limiter.consume("k", rule); // reads Redis's 2 first
    limiter.setSharing(true);
    expect(await pending).toBeNull();
    expect(await connection.command.get(`${prefix}rl:3/60:k`)).toBe("3");
    expect(await limiter.consume("k", rule)).toBeGreaterThan(0);
    limiter.close();
  });

  it("counts in memory while Redis is unreachable instead of failing the call", async () => {
    const connection = await connect(`rl-test-${randomUUID()}:`);
    const limiter = createRateLimiter({ redis: connection });
    connection.command.disconnect();
    const hit = { key: "k", rule };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limiter.consumeInOrder([hit]));
    expect(answers.map((a) => a === null)).toEqual([true, true, true, false]);
  });
});
