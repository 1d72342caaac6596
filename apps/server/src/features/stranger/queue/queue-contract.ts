import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { EnqueueParams, QueueUser, StrangerQueue } from "./types";

/*
 * What every stranger queue promises, written once and run against each of them: the one in
 * this process (queue.test.ts) and the one on Redis, from two processes
 * (queue.services.test.ts).
 */

/** One server process's view: its queue handle and a way to (dis)connect users on it. */
export interface Proc {
  queue: StrangerQueue;
  isOnline(userId: string): Promise<boolean>;
  connect(userId: string): Promise<void>;
  disconnect(userId: string): Promise<void>;
  stop(): Promise<void>;
}

export type World = { procs: Proc[]; close(): Promise<void> };

let n = 0;
export const person = (): QueueUser => ({
  id: `p${++n}-${randomUUID().slice(0, 6)}`,
  name: `P${n}`,
  image: null,
});
export const params = (continent: EnqueueParams["continent"] = "World"): EnqueueParams => ({
  continent,
  token: randomUUID(),
  roomId: randomUUID(),
  timeoutMs: 10_000,
});

export function describeQueueContract(name: string, makeWorld: () => Promise<World>) {
  describe(`the ${name} stranger queue`, () => {
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
}
