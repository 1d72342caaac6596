import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger";
import { connectRedis, type RedisConnection } from "./connection";
import { luaScript } from "./script";
import { testServices } from "../../../test/services";

/*
 * The command connection's writes, as Redis and the kernel see them: a turn's commands in one
 * writev, in order, with their own replies; no Pipeline per turn (decision 0035). Runs in
 * `npm run test:services`.
 */
const url = testServices().redisUrl;

/** What Node's stream machinery calls to hand the socket its bytes. */
interface SocketWrites {
  _write: (...args: unknown[]) => void;
  _writev: (chunks: unknown[], callback: () => void) => void;
}

describe("Redis command writes coalesced per turn", () => {
  const prefix = `test-coalesce-${randomUUID()}:`;
  let redis: RedisConnection;

  beforeAll(async () => {
    redis = await connectRedis({ url: url, prefix, logger: createLogger("silent") });
  });

  // Spies come off even when a test fails half-way.
  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    const keys = await redis.command.keys(`${prefix}*`);
    if (keys.length) await redis.command.del(...keys);
    await redis.close();
  });

  function spyOnWrites() {
    const socket = redis.command.stream as unknown as SocketWrites;
    return { single: vi.spyOn(socket, "_write"), vectored: vi.spyOn(socket, "_writev") };
  }

  it("sends the commands of one turn in one writev, in order, each with its own reply", async () => {
    const key = `${prefix}count`;
    const incrBy = luaScript(redis.command, "return redis.call('INCRBY', KEYS[1], ARGV[1])");
    // Its first run loads the script (EVALSHA, NOSCRIPT, then EVAL); here it runs by its SHA.
    await incrBy([`${prefix}load`], [1]);
    await nextTurn();
    const writes = spyOnWrites();
    const pipeline = vi.spyOn(redis.command, "pipeline");
    const replies = Promise.all([
      redis.command.set(key, "1"),
      incrBy([key], [2]),
      redis.command.incr(key),
      redis.command.publish(`${prefix}channel`, "hello"),
      redis.command.get(key),
    ]);
    expect(writes.single).not.toHaveBeenCalled();
    expect(writes.vectored).not.toHaveBeenCalled();
    const [set, scripted, incremented, receivers, value] = await replies;
    expect([set, scripted, incremented, receivers, value]).toEqual(["OK", 3, 4, 0, "4"]);
    expect(writes.vectored.mock.calls[0]?.[0]).toHaveLength(5);
    expect(writes.single).not.toHaveBeenCalled();
    expect(pipeline).not.toHaveBeenCalled();
  });

  it("lets a lone command out at the end of its turn", async () => {
    await nextTurn();
    const key = `${prefix}lone`;
    const writes = spyOnWrites();
    const reply = redis.command.set(key, "x");
    expect(writes.single).not.toHaveBeenCalled();
    await nextTurn();
    expect(writes.single.mock.calls.length + writes.vectored.mock.calls.length).toBe(1);
    expect(await reply).toBe("OK");
    expect(await redis.command.get(key)).toBe("x");
  });

  it("keeps a transaction in its place among the turn's other commands", async () => {
    await nextTurn();
    const key = `${prefix}multi`;
    const before = redis.command.set(key, "1");
    const transaction = redis.command.multi().incr(key).incr(key).exec();
    const after = redis.command.get(key);
    expect(await before).toBe("OK");
    expect(await transaction).toEqual([
      [null, 2],
      [null, 3],
    ]);
    expect(await after).toBe("3");
  });

  it("sends commands given while it reconnects once the connection is ready again", async () => {
    const late = await connectRedis({
      url: url,
      prefix,
      logger: createLogger("silent"),
    });
    try {
      late.command.disconnect(true);
      const key = `${prefix}reconnect`;
      const reply = late.command.set(key, "back");
      expect(await reply).toBe("OK");
      expect(await late.command.get(key)).toBe("back");
    } finally {
      await late.close();
    }
  });
});
