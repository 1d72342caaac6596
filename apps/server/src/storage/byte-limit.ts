import { FileTooLargeError } from "./storage";

/**
 * A pipeline step that passes bytes through while counting them and fails as soon as the
 * count passes `maxBytes`, so a body without a declared length is cut off while it streams
 * instead of after it has been written in full. `onCount` sees the running total.
 */
export function byteLimit(maxBytes: number, onCount: (total: number) => void) {
  return async function* limited(source: AsyncIterable<Uint8Array>) {
    let total = 0;
    for await (const chunk of source) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new FileTooLargeError(maxBytes);
      onCount(total);
      yield chunk;
    }
  };
}
