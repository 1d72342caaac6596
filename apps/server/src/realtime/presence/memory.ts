import type { PresenceEntry } from "@chatsphere/contract";
import type { PresenceBackend } from "./types";

/** One process: the hub's local table is everyone, so reads come straight from it. */
export function createMemoryPresence(hub: {
  localEntries(channel: string): PresenceEntry[];
  localCount(channel: string): number;
}): PresenceBackend {
  return {
    write: () => undefined,
    read: (channel, mode) =>
      Promise.resolve(mode === "count" ? hub.localCount(channel) : hub.localEntries(channel)),
    watch: () => Promise.resolve(),
    unwatch: () => undefined,
  };
}
