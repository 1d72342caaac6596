import { describe, expect, it } from "vitest";
import { createMemoryQueue } from "./memory";
import { describeQueueContract, params, person, type Proc, type World } from "./queue-contract";

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

describeQueueContract("in-process", async () => memoryWorld());

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
