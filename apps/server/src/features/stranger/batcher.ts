/**
 * Collects items added during one turn of the event loop and runs them together: under load
 * many matches share one database statement; alone, an item waits a single setImmediate.
 * `run` answers one result per item, in order. If a whole batch fails, its items are retried
 * one by one, so one bad item fails alone.
 */
export function createBatcher<T, R = void>(run: (items: T[]) => Promise<R[]>, maxSize = 256) {
  type Entry = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let batch: Entry[] = [];

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

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      if (batch.length === 0) {
        setImmediate(() => {
          const entries = batch;
          batch = [];
          for (let i = 0; i < entries.length; i += maxSize) {
            void flush(entries.slice(i, i + maxSize));
          }
        });
      }
      batch.push({ item, resolve, reject });
    });
}
