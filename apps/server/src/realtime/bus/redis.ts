import type { Redis } from "ioredis";
import type { Logger } from "../../logger";
import type { Bus, BusHandler } from "./types";

/**
 * Redis pub/sub: a node publishes each frame once; Redis sends it to every node that
 * subscribed the channel, i.e. that has at least one local subscriber. Channel names carry
 * the key prefix, because pub/sub ignores the database number.
 */
export function createRedisBus(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  logger: Logger;
}): Bus {
  const { publisher, subscriber, prefix, logger } = options;
  let handler: BusHandler = () => undefined;
  subscriber.on("messageBuffer", (channel: Buffer, message: Buffer) => {
    const name = channel.toString();
    if (name.startsWith(prefix)) handler(name.slice(prefix.length), message);
  });
  return {
    kind: "redis",
    publish(channel, data) {
      publisher.publish(prefix + channel, data).catch((error: unknown) => {
        logger.warn(`redis: publish to ${channel} failed: ${String(error)}`);
      });
    },
    async subscribe(channel) {
      await subscriber.subscribe(prefix + channel);
    },
    unsubscribe(channel) {
      subscriber.unsubscribe(prefix + channel).catch((error: unknown) => {
        logger.warn(`redis: unsubscribe from ${channel} failed: ${String(error)}`);
      });
    },
    setHandler(next) {
      handler = next;
    },
    async close() {
      subscriber.removeAllListeners("messageBuffer");
    },
  };
}
