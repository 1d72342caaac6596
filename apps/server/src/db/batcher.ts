/**
 * Runs items in batches, one batch at a time: items added while a batch is being written
 * wait and go together in the next one, so the busier the database, the fewer statements
 * per item. Alone, an item waits a single setImmediate. `run` answers one result per item,
 * in order. If a whole batch fails, its items are retried one by one, so one bad item fails
 * alone.
 */
export function createBatcher<T, R = void>(run: (items: T[]) => Promise<R[]>, maxSize = 256) {
  type Entry = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  const pending: Entry[] = [];
  let draining = false;

  async function flush(entries: Entry[]) {
    let results: R[];
    try {
      results = await run(entries.map((e) => e.item));
    } catch (error) {
      if (entries.length === 1) return entries[0]?.reject(error);
      for (const entry of entries) await flush([entry]);
      return;
    }
    entries.forEach((entry, index) => entry.resolve(results[index] as R));
  }

  async function drain() {
    while (pending.length > 0) {
      const entries = pending.splice(0, maxSize);
      await flush(entries);
    }
    draining = false;
  }

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (draining) return;
      draining = true;
      setImmediate(() => void drain());
    });
}
