/**
 * Collects items added during one turn of the event loop and runs them together: under load
 * many matches share one database statement; alone, an item waits a single setImmediate.
 * If a whole batch fails, its items are retried one by one so one bad item fails alone.
 */
export function createBatcher<T>(run: (items: T[]) => Promise<void>, maxSize = 256) {
  type Entry = { item: T; resolve: () => void; reject: (error: unknown) => void };
  let batch: Entry[] = [];

  async function flush(entries: Entry[]) {
    try {
      await run(entries.map((e) => e.item));
      entries.forEach((e) => e.resolve());
    } catch (error) {
      if (entries.length === 1) return entries[0]?.reject(error);
      for (const entry of entries) await flush([entry]);
    }
  }

  return (item: T) =>
    new Promise<void>((resolve, reject) => {
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
