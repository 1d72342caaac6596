import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { testServices } from "../../../../test/services";
import { createLogger } from "../../../logger";
import { createRedisOnline } from "../../../realtime/online/redis";
import { connectRedis } from "../../../realtime/redis/connection";
import { RedisNode } from "../../../realtime/redis/node";
import { describeQueueContract, params, person, type Proc, type World } from "./queue-contract";
import { createRedisQueue } from "./redis";

/** On the Redis of `npm run test:services`. */
const { redisUrl } = testServices();

/**
 * A heartbeat at test speed: a test waits for the next one in milliseconds instead of the
 * five seconds of NODE_HEARTBEAT_MS.
 */
const HEARTBEAT_MS = 200;

type RedisWorld = World & { prefix: string; nodes: RedisNode[] };

async function redisWorld(url: string): Promise<RedisWorld> {
  const prefix = `test-${randomUUID()}:`;
  const logger = createLogger("silent");
  const procs: Proc[] = [];
  const nodes: RedisNode[] = [];
  const closers: (() => Promise<void>)[] = [];
  for (let i = 0; i < 2; i++) {
    const redis = await connectRedis({ url, prefix, logger });
    const node = new RedisNode(redis, logger, HEARTBEAT_MS);
    await node.start();
    nodes.push(node);
    const here = new Set<string>();
    const online = createRedisOnline(redis, node, () => [...here]);
    const queue = createRedisQueue(redis);
    const stop = async () => node.stop();
    procs.push({
      queue,
      isOnline: (id) => online.isOnline(id),
      connect: async (id) => {
        here.add(id);
        online.add(id);
        await redis.command.ping();
      },
      disconnect: async (id) => {
        here.delete(id);
        await online.remove(id);
      },
      stop,
    });
    closers.push(async () => {
      await stop();
      await redis.close();
    });
  }
  return {
    procs,
    prefix,
    nodes,
    close: async () => {
      const cleaner = await connectRedis({ url, prefix, logger });
      const keys = await cleaner.command.keys(`${prefix}*`);
      if (keys.length > 0) await cleaner.command.del(...keys);
      await cleaner.close();
      await Promise.all(closers.map((c) => c()));
    },
  };
}

describeQueueContract("Redis", () => redisWorld(redisUrl));

describe("the Redis stranger queue across processes", () => {
  it("does not pair users of a process that stopped (its heartbeat no longer counts)", async () => {
    const { procs, close } = await redisWorld(redisUrl);
    const [p1, p2] = procs as [Proc, Proc];
    const a = person();
    await p1.connect(a.id);
    await p1.queue.enqueue(a, params());
    await p1.stop();
    const b = person();
    await p2.connect(b.id);
    expect((await p2.queue.enqueue(b, params())).kind).toBe("waiting");
    await close();
  });

  it("writes its users back when Redis lost them (restart, long outage)", async () => {
    const world = await redisWorld(redisUrl);
    const [p1, p2] = world.procs as [Proc, Proc];
    const [node1] = world.nodes as [RedisNode];
    const a = person();
    await p1.connect(a.id);
    expect(await p2.isOnline(a.id)).toBe(true);
    const redis = new Redis(redisUrl);
    // Just after a heartbeat of the first process: the next one is a whole interval away.
    await new Promise<void>((resolve) => node1.onBeat(() => resolve()));
    const lost = await redis.keys(`${world.prefix}online:*`);
    await redis.del(...lost);
    expect(await p2.isOnline(a.id)).toBe(false);
    // The next heartbeat notices the missing key and writes it again.
    await expect.poll(() => p2.isOnline(a.id), { timeout: 5 * HEARTBEAT_MS }).toBe(true);
    await redis.quit();
    await world.close();
  });
});
