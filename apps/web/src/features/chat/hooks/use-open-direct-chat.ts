import { useSyncExternalStore } from "react";
import type { ChatUser } from "@chatsphere/contract";

/*
 * Which one-to-one chat the Following tab shows. It lives outside the tab so that a notice
 * anywhere on the chat page ('Open chat' on a mutual follow) can open it, and a look at
 * another tab keeps it. It belongs to the signed-in user: the next person to sign in on this
 * browser starts with none.
 */

let current: { selfId: string; peer: ChatUser } | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Opens the chat with `peer` in the Following tab (null: back to the lists). */
export function openDirectChat(selfId: string, peer: ChatUser | null) {
  current = peer ? { selfId, peer } : null;
  for (const listener of listeners) listener();
}

export function useOpenDirectChat(selfId: string): ChatUser | null {
  const open = useSyncExternalStore(subscribe, () => current);
  return open?.selfId === selfId ? open.peer : null;
}
