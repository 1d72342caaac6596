import type { Bus, BusHandler } from "./types";

/**
 * One process: a publish is delivered synchronously to the local dispatcher, which knows
 * which connections hold the channel. Nothing to subscribe to.
 */
export function createMemoryBus(): Bus {
  let handler: BusHandler = () => undefined;
  return {
    kind: "memory",
    publish: (channel, data) => handler(channel, data),
    subscribe: () => Promise.resolve(),
    unsubscribe: () => undefined,
    setHandler(next) {
      handler = next;
    },
    watchSharing: (listener) => listener(false),
    close: () => Promise.resolve(),
  };
}
