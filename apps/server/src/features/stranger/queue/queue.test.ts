import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../logger";
import { createRedisOnline } from "../../../realtime/online/redis";
import { Redis } from "ioredis";
import { connectRedis, NODE_HEARTBEAT_MS } from "../../../realtime/redis/connection";
import { RedisNode } from "../../../realtime/redis/node";
import { createMemoryQueue } from "./memory";
import { createRedisQueue } from "./redis";
import type { EnqueueParams, QueueUser, StrangerQueue } from "./types";

/** One server process's view: its queue handle and a way to (dis)connect users on it. */
interface Proc {
  queue: StrangerQueue;
  isOnline(userId: string): Promise<boolean>;
  connect(userId: string): Promise<void>;
  disconnect(userId: string): Promise<void>;
  stop(): Promise<void>;
}

type World = { procs: Proc[]; prefix?: string; close(): Promise<void> };

function memoryWorld(): World {
  const online = new Set<string>();
  const queue = createMemoryQueue({ isOnline: (id) => online.has(id) });
  const proc: Proc = {
    queue,
    isOnline: async (id) => online.has(id),
    connect: async (id) => void online.add(id),
    disconnect: async (id) => void online.delete(id),
    stop: async () => online.clear(),
  };
  return { procs: [proc, proc], close: async () => undefined };
}

async function redisWorld(url: string): Promise<World> {
  const prefix = `test-${randomUUID()}:`;
  const logger = createLogger("silent");
  const procs: Proc[] = [];
  const closers: (() => Promise<void>)[] = [];
  for (let i = 0; i < 2; i++) {
    const redis = await connectRedis({ url, prefix, logger });
    const node = new RedisNode(redis, logger);
    await node.start();
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
    close: async () => {
      const cleaner = await connectRedis({ url, prefix, logger });
      const keys = await cleaner.command.keys(`${prefix}*`);
      if (keys.length > 0) await cleaner.command.del(...keys);
      await cleaner.close();
      await Promise.all(closers.map((c) => c()));
    },
  };
}

let n = 0;
const person = (): QueueUser => ({
  id: `p${++n}-${randomUUID().slice(0, 6)}`,
  name: `P${n}`,
  image: null,
});
const params = (continent: EnqueueParams["continent"] = "World"): EnqueueParams => ({
  continent,
  token: randomUUID(),
  roomId: randomUUID(),
  timeoutMs: 10_000,
});

const implementations: [string, () => Promise<World>][] = [
  ["in-process", async () => memoryWorld()],
];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) implementations.push(["Redis", () => redisWorld(redisUrl)]);

describe.each(implementations)("the %s stranger queue", (_name, makeWorld) => {
  const worlds: World[] = [];
  const world = async () => {
    const w = await makeWorld();
    worlds.push(w);
    return w;
  };
  afterAll(async () => void (await Promise.all(worlds.map((w) => w.close()))));

  const online = async (proc: Proc) => {
    const user = person();
    await proc.connect(user.id);
    return user;
  };

  it("pairs the oldest waiting user of the same region, and only of that region", async () => {
    const { procs } = await world();
    const [p1, p2] = procs as [Proc, Proc];
    const [a, b, c, d] = [await online(p1), await online(p1), await online(p2), await online(p2)];
    expect((await p1.queue.enqueue(a, params("Europe"))).kind).toBe("waiting");
    expect((await p1.queue.enqueue(b, params("Europe"))).kind).toBe("matched");
    expect((await p2.queue.enqueue(c, params("Asia"))).kind).toBe("waiting");
    const matched = await p2.queue.enqueue(d, params("World"));
    expect(matched.kind).toBe("waiting");
    const e = await online(p1);
    const result = await p1.queue.enqueue(e, params("Asia"));
    expect(result).toMatchObject({
      kind: "matched",
      partner: { id: c.id },
      partnerContinent: "Asia",
    });
  });

  it("never queues or pairs a user without a connection", async () => {
    const { procs } = await world();
    const [p1, p2] = procs as [Proc, Proc];
    const ghost = person();
    expect(await p1.queue.enqueue(ghost, params())).toEqual({ kind: "offline" });
    const a = await online(p1);
    await p1.queue.enqueue(a, params());
    await p1.disconnect(a.id);
    const b = await online(p2);
    expect((await p2.queue.enqueue(b, params())).kind).toBe("waiting");
  });

  it("ends a wait only with its own token", async () => {
    const { procs } = await world();
    const [p1] = procs as [Proc];
    const a = await online(p1);
    const first = params();
    await p1.queue.enqueue(a, first);
    const second = params();
    await p1.queue.enqueue(a, second);
    expect(await p1.queue.expire(a.id, first.token)).toBe(false);
    expect(await p1.queue.expire(a.id, second.token)).toBe(true);
    expect(await p1.queue.cancel(a.id)).toEqual({ kind: "idle" });
  });

  it("reports a match instead of cancelling it, and ends it for both sides once", async () => {
    const { procs } = await world();
    const [p1, p2] = procs as [Proc, Proc];
    const [a, b] = [await online(p1), await online(p2)];
    await p1.queue.enqueue(a, params("Oceania"));
    const match = await p2.queue.enqueue(b, params("Oceania"));
    if (match.kind !== "matched") throw new Error("expected a match");
    expect(await p1.queue.cancel(a.id)).toEqual({ kind: "matched", roomId: match.roomId });
    expect(await p2.queue.end(b.id, "another-room")).toBeNull();
    expect(await p2.queue.end(b.id, match.roomId)).toEqual({
      partner: a,
      partnerContinent: "Oceania",
    });
    expect(await p1.queue.end(a.id, match.roomId)).toBeNull();
    expect(await p1.queue.cancel(a.id)).toEqual({ kind: "idle" });
  });

  it("keeps a pair in cool-down apart while others still meet them", async () => {
    const { procs } = await world();
    const [p1, p2] = procs as [Proc, Proc];
    const [a, b, c] = [await online(p1), await online(p2), await online(p2)];
    await p1.queue.cooldown(a.id, b.id, 10_000);
    await p1.queue.enqueue(a, params("Africa"));
    expect((await p2.queue.enqueue(b, params("Africa"))).kind).toBe("waiting");
    expect(await p2.queue.enqueue(c, params("Africa"))).toMatchObject({ partner: { id: a.id } });
  });

  it("never pairs a blocked pair, while both still meet everyone else", async () => {
    const { procs } = await world();
    const [p1, p2] = procs as [Proc, Proc];
    const [a, b, c] = [await online(p1), await online(p2), await online(p2)];
    await p1.queue.enqueue(a, { ...params("Oceania"), avoid: [b.id] });
    expect((await p2.queue.enqueue(b, { ...params("Oceania"), avoid: [a.id] })).kind).toBe(
      "waiting",
    );
    expect(await p2.queue.enqueue(c, params("Oceania"))).toMatchObject({ partner: { id: a.id } });
  });

  it("keeps blocked pairs apart over many rounds of everyone enqueuing at once on two processes", async () => {
    const { procs } = await world();
    const users = await Promise.all(
      Array.from({ length: 24 }, (_, i) => online(procs[i % 2] as Proc)),
    );
    // Each user blocked three others; the avoid lists hold both directions, as the server reads them.
    const avoid = new Map(users.map((u) => [u.id, new Set<string>()]));
    users.forEach((u, i) => {
      for (const step of [1, 5, 11]) {
        const other = users[(i + step) % users.length] as QueueUser;
        avoid.get(u.id)?.add(other.id);
        avoid.get(other.id)?.add(u.id);
      }
    });
    let matches = 0;
    for (let round = 0; round < 15; round++) {
      const order = [...users].sort(() => Math.random() - 0.5);
      const results = await Promise.all(
        order.map((u, i) =>
          (procs[i % 2] as Proc).queue.enqueue(u, {
            ...params("Antarctica"),
            avoid: [...(avoid.get(u.id) ?? [])],
          }),
        ),
      );
      for (const [i, result] of results.entries()) {
        if (result.kind !== "matched") continue;
        const me = order[i] as QueueUser;
        expect(avoid.get(me.id)?.has(result.partner.id), `round ${round}`).toBe(false);
        matches++;
        await (procs[0] as Proc).queue.end(me.id, result.roomId);
      }
      await Promise.all(order.map((u) => (procs[1] as Proc).queue.cancel(u.id)));
    }
    // Plenty of pairs were made: the check above saw real matches, not an empty queue.
    expect(matches).toBeGreaterThan(15 * 6);
  });

  it("puts everyone in at most one match when two processes enqueue at once", async () => {
    const { procs } = await world();
    const users = await Promise.all(
      Array.from({ length: 60 }, (_, i) => online(procs[i % 2] as Proc)),
    );
    const results = await Promise.all(
      users.map((u, i) => (procs[i % 2] as Proc).queue.enqueue(u, params("South America"))),
    );
    const partnerOf = new Map<string, string>();
    results.forEach((r, i) => {
      const me = users[i]?.id ?? "";
      if (r.kind !== "matched") return;
      expect(partnerOf.has(me) || partnerOf.has(r.partner.id)).toBe(false);
      partnerOf.set(me, r.partner.id);
      partnerOf.set(r.partner.id, me);
    });
    expect(partnerOf.size).toBe(60);
  });
});

describe.skipIf(!redisUrl)("the Redis stranger queue across processes", () => {
  it("does not pair users of a process that stopped (its heartbeat no longer counts)", async () => {
    const { procs, close } = await redisWorld(redisUrl ?? "");
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
    const world = await redisWorld(redisUrl ?? "");
    const [p1, p2] = world.procs as [Proc, Proc];
    const a = person();
    await p1.connect(a.id);
    expect(await p2.isOnline(a.id)).toBe(true);
    const redis = new Redis(redisUrl ?? "");
    const lost = await redis.keys(`${world.prefix}online:*`);
    await redis.del(...lost);
    expect(await p2.isOnline(a.id)).toBe(false);
    // The next heartbeat notices the missing key and writes it again.
    await new Promise((resolve) => setTimeout(resolve, NODE_HEARTBEAT_MS + 1000));
    expect(await p2.isOnline(a.id)).toBe(true);
    await redis.quit();
    await world.close();
  }, 20_000);
});

describe("the in-memory stranger queue's cool-downs", () => {
  it("sweeps expired cool-downs once many piled up, and keeps the live ones", async () => {
    let clock = 0;
    const queue = createMemoryQueue({ isOnline: () => true, now: () => clock });
    const [a, b, c, d] = [person(), person(), person(), person()];
    await queue.cooldown(a.id, b.id, 10_000);
    clock = 1_000;
    await queue.cooldown(c.id, d.id, 10_000);
    for (let i = 0; i < 10_050; i++) await queue.cooldown(`x${i}`, `y${i}`, 10_000);
    clock = 10_500;
    // Past the sweep threshold: this call sweeps a-b (expired) and stops at c-d (live).
    await queue.cooldown(`x0`, `y0`, 10_000);
    await queue.enqueue(c, params("Asia"));
    expect((await queue.enqueue(d, params("Asia"))).kind).toBe("waiting");
    await queue.enqueue(a, params("Europe"));
    expect(await queue.enqueue(b, params("Europe"))).toMatchObject({ kind: "matched" });
  });
});
