import type { PresenceEntry } from "@chatsphere/contract";
import type { PresenceMode } from "./types";

/** What this process last told its subscribers about a channel, and its refresh state. */
export interface View {
  mode: PresenceMode;
  entries: Map<string, PresenceEntry>;
  count: number;
  timer: NodeJS.Timeout | null;
  flushing: boolean;
  dirty: boolean;
}

export const emptyView = (mode: PresenceMode): View => ({
  mode,
  entries: new Map(),
  count: 0,
  timer: null,
  flushing: false,
  dirty: false,
});

const sameEntry = (a: PresenceEntry, b: PresenceEntry) =>
  a.status === b.status && a.name === b.name && a.image === b.image;

/**
 * Takes a fresh read into the view and says what changed: joins are new or changed entries
 * (clients upsert them), leaves are entries gone. A count read only replaces the count.
 */
export function applyRead(view: View, result: PresenceEntry[] | number) {
  if (typeof result === "number") {
    view.count = result;
    return { joins: [], leaves: [] };
  }
  const next = new Map(result.map((e) => [e.userId, e]));
  const joins = result.filter((e) => {
    const before = view.entries.get(e.userId);
    return !before || !sameEntry(before, e);
  });
  const leaves = [...view.entries.values()].filter((e) => !next.has(e.userId));
  view.entries = next;
  view.count = next.size;
  return { joins, leaves };
}
