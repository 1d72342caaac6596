import type { OnlineRegistry } from "./types";

/** One process: the gateway's own table is the whole truth. */
export function createMemoryOnline(): OnlineRegistry & { has(userId: string): boolean } {
  const users = new Set<string>();
  return {
    add: (userId) => void users.add(userId),
    remove: (userId) => {
      users.delete(userId);
      return Promise.resolve(true);
    },
    isOnline: (userId) => Promise.resolve(users.has(userId)),
    onlineAmong: (userIds) => Promise.resolve(userIds.filter((id) => users.has(id))),
    count: () => Promise.resolve(users.size),
    close: () => Promise.resolve(),
    has: (userId) => users.has(userId),
  };
}
