import type { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { ScopedAsyncLocalStorage } from "./scoped-storage";

/**
 * Whether async_hooks' promise hooks are on: they give every new promise an async id (and an
 * enabled storage's store) as own symbol properties. Read a turn later, as their switch takes
 * effect from the next promise job.
 */
async function promiseHooksOn() {
  await nextTurn();
  return Object.getOwnPropertySymbols(Promise.resolve()).length > 0;
}

const enabled = (storage: AsyncLocalStorage<unknown>) =>
  (storage as unknown as { enabled: boolean }).enabled;

describe("ScopedAsyncLocalStorage", () => {
  it("keeps the store through the run's awaits, and is off once the run has settled", async () => {
    expect(await promiseHooksOn()).toBe(false);
    const storage = new ScopedAsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const answer = await storage.run("ann", async () => {
      seen.push(storage.getStore());
      await nextTurn();
      seen.push(storage.getStore());
      await Promise.resolve();
      return `${storage.getStore()}!`;
    });
    expect(answer).toBe("ann!");
    expect(seen).toEqual(["ann", "ann"]);
    expect(storage.getStore()).toBeUndefined();
    expect(enabled(storage)).toBe(false);
    expect(await promiseHooksOn()).toBe(false);
  });

  it("stays on while any of its runs is in flight, each with its own store", async () => {
    const storage = new ScopedAsyncLocalStorage<string>();
    let release = () => {};
    const slow = storage.run("slow", async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return storage.getStore();
    });
    const quick = await storage.run("quick", async () => {
      await nextTurn();
      return storage.getStore();
    });
    expect(quick).toBe("quick");
    // The quick run has settled; the slow one is still waiting, so its store must still be there.
    expect(enabled(storage)).toBe(true);
    expect(await promiseHooksOn()).toBe(true);
    release();
    expect(await slow).toBe("slow");
    expect(enabled(storage)).toBe(false);
    expect(await promiseHooksOn()).toBe(false);
  });

  it("nests: the inner run's store inside it, the outer's after it", async () => {
    const storage = new ScopedAsyncLocalStorage<string>();
    const seen = await storage.run("outer", async () => {
      const inner = await storage.run("inner", async () => {
        await nextTurn();
        return storage.getStore();
      });
      await nextTurn();
      return [inner, storage.getStore()];
    });
    expect(seen).toEqual(["inner", "outer"]);
    expect(enabled(storage)).toBe(false);
  });

  it("is off after a synchronous run, one that throws and one that rejects", async () => {
    const storage = new ScopedAsyncLocalStorage<number>();
    expect(storage.run(1, (a: number, b: number) => (storage.getStore() ?? 0) + a + b, 2, 3)).toBe(
      6,
    );
    expect(enabled(storage)).toBe(false);
    expect(() =>
      storage.run(2, () => {
        throw new Error("thrown");
      }),
    ).toThrow("thrown");
    expect(enabled(storage)).toBe(false);
    await expect(
      storage.run(3, async () => {
        await nextTurn();
        throw new Error("rejected");
      }),
    ).rejects.toThrow("rejected");
    expect(enabled(storage)).toBe(false);
    expect(await promiseHooksOn()).toBe(false);
  });

  it("runs again after it has been turned off", async () => {
    const storage = new ScopedAsyncLocalStorage<string>();
    await storage.run("first", async () => nextTurn());
    expect(
      await storage.run("second", async () => {
        await nextTurn();
        return storage.getStore();
      }),
    ).toBe("second");
    expect(enabled(storage)).toBe(false);
  });
});
