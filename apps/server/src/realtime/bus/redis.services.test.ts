import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { recordCommands } from "../redis/command-log.test-support";
import { connectRedis, type RedisConnection } from "../redis/connection";
import { RedisNode } from "../redis/node";
import { createRedisBus } from "./redis";
import { testServices } from "../../../test/services";

/*
 * The bus on Redis as processes come and go (decision 0043): a process alone delivers its
 * publishes itself; once another process is alive, every publish goes through Redis, and
 * nothing is lost or delivered twice across the switches. Runs in `npm run test:services`.
 */
const url = testServices().redisUrl;
const logger = createLogger("silent");
const CHANNEL = "room:bus-test";

describe("bus on Redis", () => {
  const prefix = `test-bus-${randomUUID()}:`;
  const connections: RedisConnection[] = [];
  const nodes: RedisNode[] = [];
  /** A plain Redis client on the room's channel: sees what goes through Redis. */
  const watcher = new Redis(url, { lazyConnect: true });
  const seenInRedis: string[] = [];

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await Promise.all(connections.map((c) => c.close()));
    watcher.disconnect();
    const cleaner = new Redis(url);
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
  });

  /** A process's bus, joined, with what its handler got; `forgetAfterMs: 0` forgets at once. */
  async function startProcess(forgetAfterMs?: number) {
    const redis = await connectRedis({ url: url, prefix, logger });
    connections.push(redis);
    const node = new RedisNode(redis, logger);
    nodes.push(node);
    const bus = createRedisBus({
      publisher: redis.command,
      subscriber: redis.subscriber,
      prefix,
      nodeId: redis.nodeId,
      logger,
      forgetAfterMs,
    });
    const got: string[] = [];
    bus.setHandler((channel, data) => got.push(`${channel} ${data.toString()}`));
    await bus.subscribe(CHANNEL);
    await bus.join(node);
    const publish = (text: string) => bus.publish(CHANNEL, Buffer.from(text));
    return { bus, node, redis, got, publish };
  }
  /** Resolves once everything published on this connection so far has been through Redis. */
  const settled = (redis: RedisConnection) => redis.command.ping();

  it("a process alone delivers its publishes itself, at once, without Redis", async () => {
    await watcher.connect();
    watcher.on("message", (_channel: string, message: string) => seenInRedis.push(message));
    await watcher.subscribe(prefix + CHANNEL);
    const a = await startProcess(0);
    expect(a.bus.sharing).toBe(false);
    a.publish("one");
    expect(a.got).toEqual([`${CHANNEL} one`]);
    await settled(a.redis);
    expect(seenInRedis).toEqual([]);

    // A process that starts later is heard before its join ends: from then on the first one
    // publishes through Redis, and each process gets each message once.
    const b = await startProcess(0);
    expect(a.bus.sharing).toBe(true);
    expect(b.bus.sharing).toBe(true);
    a.publish("two");
    b.publish("three");
    await expect.poll(() => b.got.length).toBe(2);
    await expect.poll(() => a.got.length).toBe(3);
    expect(a.got.slice(1).sort()).toEqual([`${CHANNEL} three`, `${CHANNEL} two`]);
    expect(b.got.sort()).toEqual([`${CHANNEL} three`, `${CHANNEL} two`]);
    expect(seenInRedis.sort()).toEqual(["three", "two"]);

    // b stops: at a's next heartbeat a goes back to delivering itself. What it published
    // just before is delivered once, before what it publishes after the switch.
    await b.node.stop();
    seenInRedis.length = 0;
    a.got.length = 0;
    a.publish("four");
    await a.node.beat();
    await expect.poll(() => a.bus.sharing).toBe(false);
    a.publish("five");
    expect(a.got).toEqual([`${CHANNEL} four`, `${CHANNEL} five`]);
    await settled(a.redis);
    expect(seenInRedis).toEqual(["four"]);
  });

  it("a process that finds its heartbeat lapsed says hello again, and the others share", async () => {
    // The first test's processes leave (their registry entries and their connections).
    await Promise.all(nodes.splice(0).map((node) => node.stop()));
    await Promise.all(connections.splice(0).map((c) => c.close()));
    const a = await startProcess(0);
    const b = await startProcess(0);
    expect([a.bus.sharing, b.bus.sharing]).toEqual([true, true]);
    // What a stall of b longer than the heartbeat's TTL leaves: b is out of the registry, so
    // a's heartbeat counts it gone and a goes back to delivering itself.
    await b.redis.command.zrem(`${prefix}nodes`, b.redis.nodeId);
    await a.node.beat();
    await expect.poll(() => a.bus.sharing).toBe(false);
    // b's next heartbeat puts it back and says hello: a publishes through Redis again.
    await b.node.beat();
    await expect.poll(() => a.bus.sharing).toBe(true);
    a.got.length = 0;
    b.got.length = 0;
    a.publish("six");
    await expect.poll(() => b.got).toEqual([`${CHANNEL} six`]);
    await expect.poll(() => a.got).toEqual([`${CHANNEL} six`]);
  });

  it("tells its watchers of each switch, and of a hello before it answers it", async () => {
    await Promise.all(nodes.splice(0).map((node) => node.stop()));
    await Promise.all(connections.splice(0).map((c) => c.close()));
    const a = await startProcess(0);
    const seen: boolean[] = [];
    const marker = `${prefix}told-before-the-answer`;
    a.bus.watchSharing((sharing) => {
      seen.push(sharing);
      // What a watcher sends at the switch (the rate limiter's counts, decision 0045) reaches
      // Redis before the answer to the hello that caused it.
      if (sharing) void a.redis.command.set(marker, "yes");
    });
    expect(seen).toEqual([false]);
    const sent = recordCommands(a.redis.command);
    const b = await startProcess(0);
    // b's join ended on a's answer (a publish), which a sent after what its watcher sent.
    expect(sent.filter((name) => name === "set" || name === "publish")).toEqual(["set", "publish"]);
    expect(await b.redis.command.get(marker)).toBe("yes");
    expect(seen).toEqual([false, true]);
    await b.node.stop();
    await a.node.beat();
    await expect.poll(() => seen).toEqual([false, true, false]);
  });
});
