import type { PresenceEntry } from "@chatsphere/contract";

export type PresenceMode = "count" | "list";

/**
 * Where presence lives beyond this process. The hub keeps this process's users; the backend
 * stores them for everyone and answers with the union of all live processes.
 */
export interface PresenceBackend {
  /**
   * This process's entry for a user on a channel; null when their last connection here left
   * (`lastHere`: nobody at all is left on the channel in this process).
   */
  write(channel: string, userId: string, entry: PresenceEntry | null, lastHere: boolean): void;
  /** Everyone present on the channel, on any live process (count mode: just how many). */
  read(channel: string, mode: PresenceMode): Promise<PresenceEntry[] | number>;
  /** Start or stop hearing about other processes' changes to a channel. */
  watch(channel: string): Promise<void>;
  unwatch(channel: string): void;
}
