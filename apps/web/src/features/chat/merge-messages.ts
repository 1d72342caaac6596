import type { ChatMessage } from "@chatsphere/contract";

/**
 * Adds messages by id, so an event, a send answer and a page never show one twice (not even
 * when one batch repeats a message). Sorted by time, then id: the server stamps a room's
 * messages in the order of their positions, and stored ties were numbered by id.
 */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    if (known.has(message.id)) continue;
    known.add(message.id);
    added.push(message);
  }
  if (added.length === 0) return current;
  return [...current, ...added].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}
