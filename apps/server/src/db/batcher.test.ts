import { describe, expect, it } from "vitest";
import { createBatcher } from "./batcher";

const deferred = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("createBatcher", () => {
  it("runs the items of one turn together and answers each in order", async () => {
    const batches: number[][] = [];
    const add = createBatcher(async (items: number[]) => {
      batches.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([add(1), add(2), add(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("collects what arrives while a batch is written into the next one", async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const add = createBatcher(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate.promise;
      return items.map(() => undefined);
    });
    const first = add(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [add(2), add(3), add(4)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(batches).toEqual([[1]]);
    gate.resolve();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("splits batches at the maximum size", async () => {
    const sizes: number[] = [];
    const add = createBatcher(async (items: number[]) => {
      sizes.push(items.length);
      return items.map(() => undefined);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => add(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it("retries a failed batch item by item, so only the bad item fails", async () => {
    const add = createBatcher(async (items: number[]) => {
      if (items.includes(2)) throw new Error("bad item");
      return items.map((n) => n);
    });
    const results = await Promise.allSettled([add(1), add(2), add(3)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});
