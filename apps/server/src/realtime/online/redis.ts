import type { RedisConnection } from "../redis/connection";
import { NODE_TTL_MS } from "../redis/connection";
import type { RedisNode } from "../redis/node";
import { LUA_LIVE_NODES, luaScript } from "../redis/script";
import type { OnlineRegistry } from "./types";

const IS_ONLINE = `${LUA_LIVE_NODES}
return is_online(ARGV[1], live_nodes(ARGV[1]), ARGV[2]) and 1 or 0`;

/** Each process keeps a set of its connected users; a user is online if any live set has them. */
export function createRedisOnline(
  redis: RedisConnection,
  node: RedisNode,
  localUsers: () => string[],
): OnlineRegistry {
  const isOnlineScript = luaScript(redis.command, IS_ONLINE);
  node.keep(node.onlineKey, () => {
    const users = localUsers();
    if (users.length === 0) return;
    void redis.command
      .multi()
      .sadd(node.onlineKey, ...users)
      .pexpire(node.onlineKey, NODE_TTL_MS)
      .exec();
  });
  const isOnline = async (userId: string) =>
    (await isOnlineScript([], [redis.prefix, userId])) === 1;
  return {
    add(userId) {
      void redis.command
        .multi()
        .sadd(node.onlineKey, userId)
        .pexpire(node.onlineKey, NODE_TTL_MS)
        .exec();
    },
    async remove(userId) {
      await redis.command.srem(node.onlineKey, userId);
      return !(await isOnline(userId));
    },
    isOnline,
  };
}
