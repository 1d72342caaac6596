import type { Logger } from "../../logger";
import type { RedisConnection } from "../redis/connection";
import { NODE_TTL_MS } from "../redis/connection";
import type { RedisNode } from "../redis/node";
import { luaScript } from "../redis/script";
import { DROP_OFFLINE, IS_ONLINE, ONLINE_AMONG, REMOVE } from "./redis-scripts";
import type { OnlineRegistry } from "./types";

/** How often online-all is checked for users of processes that died (by one process). */
const SWEEP_EVERY_MS = 60_000;
/** How long a dead process stays in the registry of processes (node.ts), so claimed that long. */
const LAPSED_KEPT_MS = 3_600_000;
/** Users per cleanup call: each call is short, so Redis never stalls on a large set. */
const SWEEP_PAGE = 1_000;

/**
 * Each process keeps a set of its connected users; a user is online if any live set has them.
 * Beside them, online-all holds every online user once, for the dashboard's count: added with
 * a user's first connection on a process, removed with their last one anywhere, cleaned of a
 * stopping process's users when it stops and of a crashed process's users by a sweep at the
 * first heartbeat after its own lapsed (NODE_TTL_MS + NODE_HEARTBEAT_MS, 20 s at most).
 */
export function createRedisOnline(
  redis: RedisConnection,
  node: RedisNode,
  localUsers: () => string[],
  /** Where a failed cleanup is reported (it is tried again at the next sweep). */
  logger?: Pick<Logger, "warn">,
): OnlineRegistry & { sweep(): Promise<void> } {
  const allKey = `${redis.prefix}online-all`;
  const isOnlineScript = luaScript(redis.command, IS_ONLINE);
  const onlineAmongScript = luaScript(redis.command, ONLINE_AMONG);
  const removeScript = luaScript(redis.command, REMOVE);
  const dropOfflineScript = luaScript(redis.command, DROP_OFFLINE);
  const addUsers = (users: string[]) =>
    void redis.command
      .multi()
      .sadd(node.onlineKey, ...users)
      .pexpire(node.onlineKey, NODE_TTL_MS)
      .sadd(allKey, ...users)
      .exec();
  node.keep(node.onlineKey, () => {
    const users = localUsers();
    if (users.length > 0) addUsers(users);
  });

  /** Pages through `key`, dropping from online-all whoever no live process (but `leftOut`) has. */
  async function dropOffline(key: string, leftOut: string) {
    let cursor = "0";
    do {
      const args = [redis.prefix, key, leftOut, cursor, SWEEP_PAGE];
      cursor = String(await dropOfflineScript([], args));
    } while (cursor !== "0");
  }
  const sweepIf = (turns: Promise<unknown[]>) =>
    turns
      .then((taken) => (taken.some(Boolean) ? dropOffline(allKey, "") : undefined))
      .catch((error: unknown) => logger?.warn(`redis: online sweep failed: ${String(error)}`));
  let sweptAt = Date.now();
  node.onBeat(({ lapsed }) => {
    // A process died (its heartbeat lapsed): its users leave the count at the next heartbeat,
    // swept by whichever live process claims that death first.
    if (lapsed.length > 0) {
      const claims = lapsed.map((dead) =>
        redis.command.set(`${allKey}:swept:${dead}`, redis.nodeId, "PX", LAPSED_KEPT_MS, "NX"),
      );
      void sweepIf(Promise.all(claims));
    }
    if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = Date.now();
    // And once a minute, by one process, whatever else left a stale entry (Redis restarted).
    void sweepIf(
      Promise.all([redis.command.set(`${allKey}:sweep`, redis.nodeId, "PX", SWEEP_EVERY_MS, "NX")]),
    );
  });

  const isOnline = async (userId: string) =>
    (await isOnlineScript([], [redis.prefix, userId])) === 1;
  return {
    add: (userId) => addUsers([userId]),
    async remove(userId) {
      return (await removeScript([], [redis.prefix, node.onlineKey, userId])) === 1;
    },
    isOnline,
    async onlineAmong(userIds) {
      if (userIds.length === 0) return [];
      return (await onlineAmongScript([], [redis.prefix, ...userIds])) as string[];
    },
    async count() {
      return redis.command.scard(allKey);
    },
    /** Drops the users of processes that died (the minute's sweep; tests call it directly). */
    sweep: () => dropOffline(allKey, ""),
    async close() {
      await dropOffline(node.onlineKey, redis.nodeId).catch((error: unknown) =>
        logger?.warn(`redis: could not drop this process's online users: ${String(error)}`),
      );
    },
  };
}
