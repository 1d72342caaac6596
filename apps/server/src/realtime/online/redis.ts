import type { RedisConnection } from "../redis/connection";
import { NODE_TTL_MS } from "../redis/connection";
import type { RedisNode } from "../redis/node";
import { LUA_LIVE_NODES, luaScript } from "../redis/script";
import type { OnlineRegistry } from "./types";

const IS_ONLINE = `${LUA_LIVE_NODES}
return is_online(ARGV[1], live_nodes(ARGV[1]), ARGV[2]) and 1 or 0`;

/** ARGV: prefix, then user ids; returns those online (the live nodes are read once). */
const ONLINE_AMONG = `${LUA_LIVE_NODES}
local nodes = live_nodes(ARGV[1])
local online = {}
for i = 2, #ARGV do
  if is_online(ARGV[1], nodes, ARGV[i]) then online[#online + 1] = ARGV[i] end
end
return online`;

/** Each process keeps a set of its connected users; a user is online if any live set has them. */
export function createRedisOnline(
  redis: RedisConnection,
  node: RedisNode,
  localUsers: () => string[],
): OnlineRegistry {
  const isOnlineScript = luaScript(redis.command, IS_ONLINE);
  const onlineAmongScript = luaScript(redis.command, ONLINE_AMONG);
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
    async onlineAmong(userIds) {
      if (userIds.length === 0) return [];
      return (await onlineAmongScript([], [redis.prefix, ...userIds])) as string[];
    },
  };
}
