import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { connectRedis, type RedisConnection } from "../redis/connection";
import { RedisNode } from "../redis/node";
import { createRedisOnline } from "./redis";
import { testServices } from "../../../test/services";

/*
 * The online registry on Redis as several processes see it: who is online, and the count of
 * the dashboard (each user once, whatever the processes and tabs). Runs in
 * `npm run test:services`.
 */
const url = testServices().redisUrl;
const logger = createLogger("silent");

describe("online registry on Redis", () => {
  const prefix = `test-online-${randomUUID()}:`;
  const connections: RedisConnection[] = [];

  afterAll(async () => {
    const keys = await connections[0]?.command.keys(`${prefix}*`);
    if (keys?.length) await connections[0]?.command.del(...keys);
    await Promise.all(connections.map((c) => c.close()));
  });

  /** `beating: false`: one heartbeat, no timer (a test makes it lapse, as in a crash). */
  async function startProcess(options: { beating: boolean } = { beating: true }) {
    const redis = await connectRedis({ url: url, prefix, logger });
    connections.push(redis);
    const node = new RedisNode(redis, logger);
    if (options.beating) await node.start();
    else await node.beat();
    const here = new Set<string>();
    const online = createRedisOnline(redis, node, () => [...here]);
    return {
      online,
      node,
      redis,
      /** Resolves once Redis has the user (add itself does not wait). */
      async connect(userId: string) {
        here.add(userId);
        online.add(userId);
        await redis.command.ping();
      },
      disconnect(userId: string) {
        here.delete(userId);
        return online.remove(userId);
      },
    };
  }

  it("counts each user once across processes, and stops counting them when they leave", async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    await a.connect("ann");
    await b.connect("ann");
    await b.connect("bob");
    expect(await a.online.count()).toBe(2);
    expect(await b.disconnect("ann")).toBe(false);
    expect(await a.online.count()).toBe(2);
    expect(await b.disconnect("bob")).toBe(true);
    expect(await a.online.count()).toBe(1);
    expect(await a.disconnect("ann")).toBe(true);
    expect(await b.online.count()).toBe(0);
    await Promise.all([a.node.stop(), b.node.stop()]);
  });

  it("a stopping process takes its own users with it, not those also elsewhere", async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    await a.connect("carl");
    await a.connect("dana");
    await b.connect("dana");
    expect(await b.online.count()).toBe(2);
    await a.online.close();
    await a.node.stop();
    expect(await b.online.count()).toBe(1);
    expect(await b.online.isOnline("dana")).toBe(true);
    await b.node.stop();
  });

  it("the sweep drops the users of a process that died without a word", async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    await a.connect("erin");
    await a.connect("finn");
    await b.connect("finn");
    // What a crash leaves: a's users stay in the set, but a's heartbeat is gone.
    await a.redis.command.zrem(`${prefix}nodes`, a.redis.nodeId);
    expect(await b.online.isOnline("erin")).toBe(false);
    await b.online.sweep();
    expect(await b.online.count()).toBe(1);
    await Promise.all([a.node.stop(), b.node.stop()]);
  });

  it("a crashed process's users leave the count at the next heartbeat after its own lapsed", async () => {
    const [a, b] = [await startProcess({ beating: false }), await startProcess()];
    // What the tests before left of processes that stopped without a word.
    await b.online.sweep();
    await a.connect("gail");
    await a.connect("hugo");
    await b.connect("hugo");
    expect(await b.online.count()).toBe(2);
    // a stops beating; its last heartbeat lapses (here at once instead of NODE_TTL_MS later).
    await a.redis.command.zadd(`${prefix}nodes`, Date.now() - 1000, a.redis.nodeId);
    await b.node.beat();
    await expect.poll(() => b.online.count()).toBe(1);
    expect(await b.online.isOnline("hugo")).toBe(true);
    // Claimed once: a second heartbeat finds the death already swept.
    expect(await b.redis.command.get(`${prefix}online-all:swept:${a.redis.nodeId}`)).toBe(
      b.redis.nodeId,
    );
    await Promise.all([a.node.stop(), b.node.stop()]);
  });
});
