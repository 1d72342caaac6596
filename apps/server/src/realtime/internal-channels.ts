/** Bus channels between processes that no client can subscribe to (they fail parseChannel). */
export const CONTROL_CHANNEL = "sys:control";
export const PRESENCE_CHANGED_PREFIX = "sys:presence:";
export const presenceChangedChannel = (channel: string) => PRESENCE_CHANGED_PREFIX + channel;
/** The processes' own messages on Redis: who is alive (bus/redis.ts, decision 0043). */
export const PEERS_CHANNEL = "sys:peers";

/** A message between processes on one of these channels, or null if it is not JSON. */
export function parseInternal<T>(data: Buffer): T | null {
  try {
    return JSON.parse(data.toString()) as T;
  } catch {
    return null;
  }
}
