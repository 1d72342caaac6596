import { AsyncLocalStorage } from "node:async_hooks";

/**
 * An AsyncLocalStorage that is enabled only while one of its `run` calls is in flight
 * (decision 0042).
 *
 * Why: on Node 20 an AsyncLocalStorage propagates its store through async_hooks' promise
 * hooks, which its first `run` turns on for the whole process and which stay on until every
 * storage is disabled. With them on, every promise of every request (about 64 per message
 * sent over a socket) pays an init hook and a property written onto it. better-auth runs each
 * of its calls in three storages, so one sign-in kept the hooks on for the life of the
 * process: the full send path measured ~10 % less server CPU with them off between calls.
 *
 * What is the same: inside a run, and in everything the run's callback awaits, the store is
 * there as before; code after a run, in its caller's context, sees the caller's store, which
 * is an outer run's (still counted, so still enabled) or none. What differs: a task the
 * callback starts and does not await, still running after the run has settled and no other
 * run of this storage is in flight, sees no store instead of the run's.
 */
export class ScopedAsyncLocalStorage<T> extends AsyncLocalStorage<T> {
  private running = 0;
  private readonly settled = () => {
    this.running--;
    if (this.running === 0) this.disable();
  };

  override run<R>(store: T, callback: () => R): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.running++;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      this.settled();
      throw error;
    }
    if (isThenable(result)) result.then(this.settled, this.settled);
    else this.settled();
    return result;
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === "object" || typeof value === "function") &&
  value !== null &&
  typeof (value as { then?: unknown }).then === "function";

/** Where better-auth keeps its storages (`@better-auth/core` context/global, shared by copies). */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");

/** The storages better-auth 1.7 creates on first use (`??=`) when none is there yet. */
export const BETTER_AUTH_STORAGES = [
  "requestStateAsyncStorage",
  "adapterAsyncStorage",
  "endpointContextAsyncStorage",
] as const;

interface BetterAuthGlobal {
  version: string;
  epoch: number;
  context: Partial<Record<(typeof BETTER_AUTH_STORAGES)[number], AsyncLocalStorage<unknown>>>;
}

/**
 * Gives better-auth scoped storages before it makes its own: it takes a storage already in
 * its global context as it is. Safe to call more than once; a storage better-auth made
 * already is left alone (auth.test.ts checks that a sign-in leaves only scoped ones, idle).
 */
export function scopeBetterAuthStorages(): BetterAuthGlobal["context"] {
  const holder = globalThis as { [BETTER_AUTH_GLOBAL]?: BetterAuthGlobal };
  // better-auth fills in its version (and counts an epoch) when it first reads this.
  holder[BETTER_AUTH_GLOBAL] ??= { version: "", epoch: 1, context: {} };
  const { context } = holder[BETTER_AUTH_GLOBAL];
  for (const name of BETTER_AUTH_STORAGES) context[name] ??= new ScopedAsyncLocalStorage();
  return context;
}
