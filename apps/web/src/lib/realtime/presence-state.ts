import type { PresenceEntry, PresenceFrame } from "@chatsphere/contract";

/** A channel's presence as the client shows it; a new object on every change. */
export interface PresenceState {
  count: number;
  entries: ReadonlyMap<string, PresenceEntry>;
}

export const EMPTY_PRESENCE: PresenceState = { count: 0, entries: new Map() };

/** Applies a presence frame: a snapshot replaces, joins upsert, leaves remove. */
export function applyPresence(current: PresenceState | null, frame: PresenceFrame): PresenceState {
  const entries = new Map(frame.state ? [] : (current?.entries ?? []));
  for (const entry of frame.state ?? []) entries.set(entry.userId, entry);
  for (const entry of frame.joins ?? []) entries.set(entry.userId, entry);
  for (const entry of frame.leaves ?? []) entries.delete(entry.userId);
  return { count: frame.count, entries };
}
