import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "../../logger";
import { RedisSubscriber } from "./subscriber";
import { coalesceWrites } from "./write-coalescing";

/** How often a process proves it is alive, and how long its keys outlive a silent process. */
export const NODE_HEARTBEAT_MS = 5_000;
export const NODE_TTL_MS = 15_000;

export interface RedisConnection {
  /** Commands, scripts and publishes (one connection keeps them in order). */
  command: Redis;
  /** Pub/sub only (a subscribed Redis connection cannot run other commands). */
  subscriber: RedisSubscriber;
  /** Prepended to every key and channel, so deployments (and test runs) can share a Redis. */
  prefix: string;
  /** This process's id among the live processes. */
  nodeId: string;
  close(): Promise<void>;
}

export async function connectRedis(options: {
  url: string;
  prefix: string;
  logger: Logger;
}): Promise<RedisConnection> {
  const make = (role: string) => {
    const client = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    client.on("error", (error: Error) => options.logger.warn(`redis (${role}): ${error.message}`));
    return client;
  };
  // The commands of one turn of the event loop (a burst of sends' rate-limit checks and
  // publishes) leave in one write instead of one system call each; their order is kept.
  const command = make("command");
  coalesceWrites(command);
  const nodeId = randomUUID();
  // CLIENT SETNAME takes no spaces (or other blanks): a prefix's are shown as "_".
  const name = `${options.prefix}subscriber:${nodeId}`.replace(/[^!-~]/g, "_");
  const subscriber = new RedisSubscriber(options.url, options.logger, name);
  await Promise.all([command.connect(), subscriber.connect()]);
  return {
    command,
    subscriber,
    prefix: options.prefix,
    nodeId,
    async close() {
      await Promise.allSettled([command.quit(), subscriber.close()]);
    },
  };
}
