import type { ChatMessage, ListMessagesInput, ListMessagesOutput } from "@chatsphere/contract";
import { rpcErrorStatus } from "@/lib/rpc-error";
import { mergeMessages } from "./merge-messages";

/** message.list, as the paging below calls it (the RPC client in the app, a fake in tests). */
export type ListPage = (input: ListMessagesInput) => Promise<ListMessagesOutput>;

/** What a conversation holds of a room's history, and where its paging continues. */
export interface History {
  messages: ChatMessage[];
  /** False while only events and sends filled it: no page of the room was read yet. */
  isLoaded: boolean;
  /**
   * The newest message a page returned. Catch-up continues after it, never after a message
   * that came as an event or a send answer: a page is a consistent read, so nothing older
   * than its newest message can still appear, while events may arrive out of order.
   */
  newest: string | null;
  /** The oldest message a page returned: "Load earlier messages" continues before it. */
  oldest: string | null;
  hasOlder: boolean;
}

export const EMPTY_HISTORY: History = {
  messages: [],
  isLoaded: false,
  newest: null,
  oldest: null,
  hasOlder: false,
};

/**
 * Brings the history up to date: the newest page on first load; after that (a reconnect)
 * every page after the newest one read, however many; if the room was empty when first read,
 * the whole room. `held` is read again at the end, so events that arrived meanwhile stay.
 */
export async function syncHistory(list: ListPage, roomId: string, held: () => History | undefined) {
  const start = held();
  if (!start?.isLoaded) return absorb(held(), await newestPage(list, roomId), false);
  if (!start.newest) return absorb(held(), await wholeRoom(list, roomId), false);
  try {
    return absorb(held(), await pagesAfter(list, roomId, start.newest), true);
  } catch (error) {
    // The cursor is no longer a message of the room (400): start over from the newest page.
    if (rpcErrorStatus(error) !== 400) throw error;
    return absorb(held(), await newestPage(list, roomId), false);
  }
}

/** Adds a page older than everything held ("Load earlier messages"). */
export function withEarlier(held: History, page: ListMessagesOutput): History {
  return {
    ...held,
    messages: mergeMessages(held.messages, page.messages),
    oldest: page.messages[0]?.id ?? held.oldest,
    hasOlder: page.hasOlder,
  };
}

/** Adds messages from events or send answers; paging cursors stay where pages put them. */
export function withMessages(held: History | undefined, messages: ChatMessage[]): History {
  const base = held ?? EMPTY_HISTORY;
  return { ...base, messages: mergeMessages(base.messages, messages) };
}

/**
 * Drops a message an admin deleted (`message_deleted`). The paging cursors stay: a cursor
 * that is no longer a message of the room makes the next catch-up start over (see above).
 */
export function withoutMessage(held: History | undefined, messageId: string): History | undefined {
  if (!held?.messages.some((m) => m.id === messageId)) return held;
  return { ...held, messages: held.messages.filter((m) => m.id !== messageId) };
}

function absorb(held: History | undefined, fetched: History, keepOlder: boolean): History {
  const base = held ?? EMPTY_HISTORY;
  return {
    messages: mergeMessages(base.messages, fetched.messages),
    isLoaded: true,
    newest: fetched.newest ?? base.newest,
    oldest: keepOlder ? base.oldest : fetched.oldest,
    hasOlder: keepOlder ? base.hasOlder : fetched.hasOlder,
  };
}

const pageOf = (messages: ChatMessage[], hasOlder: boolean): History => ({
  messages,
  isLoaded: true,
  newest: messages.at(-1)?.id ?? null,
  oldest: messages[0]?.id ?? null,
  hasOlder,
});

async function newestPage(list: ListPage, roomId: string): Promise<History> {
  const page = await list({ roomId });
  return pageOf(page.messages, page.hasOlder);
}

async function pagesAfter(list: ListPage, roomId: string, cursor: string): Promise<History> {
  const messages: ChatMessage[] = [];
  for (let after = cursor; ;) {
    const page = await list({ roomId, after });
    messages.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasNewer || !last) break;
    after = last.id;
  }
  return { ...pageOf(messages, true), oldest: null };
}

async function wholeRoom(list: ListPage, roomId: string): Promise<History> {
  const newest = await list({ roomId });
  let { messages, hasOlder } = newest;
  while (hasOlder) {
    const first = messages[0];
    if (!first) break;
    const page = await list({ roomId, before: first.id });
    messages = [...page.messages, ...messages];
    hasOlder = page.hasOlder && page.messages.length > 0;
  }
  return pageOf(messages, false);
}
