import type { PresenceEntry } from "@chatsphere/contract";
import type { Bus } from "../bus/types";
import { presenceChangedChannel } from "../internal-channels";
import { NODE_TTL_MS, type RedisConnection } from "../redis/connection";
import type { RedisNode } from "../redis/node";
import { LUA_LIVE_NODES, luaScript } from "../redis/script";
import type { PresenceBackend } from "./types";

/** The union of every live process's presence hash for a channel (first entry per user wins). */
const READ = `${LUA_LIVE_NODES}
local prefix, channel, mode = ARGV[1], ARGV[2], ARGV[3]
local seen, out, n = {}, {}, 0
for _, node in ipairs(live_nodes(prefix)) do
  local key = prefix .. 'pres:' .. node .. ':' .. channel
  if mode == 'count' then
    for _, user in ipairs(redis.call('HKEYS', key)) do
      if not seen[user] then seen[user] = true; n = n + 1 end
    end
  else
    local h = redis.call('HGETALL', key)
    for i = 1, #h, 2 do
      if not seen[h[i]] then seen[h[i]] = true; out[#out + 1] = h[i + 1] end
    end
  end
end
if mode == 'count' then return n end
return out`;

/**
 * Presence shared through Redis: each process writes its own users into a hash per channel
 * (kept alive by its heartbeat) and tells the others on the bus; readers union the hashes of
 * live processes, so a crashed process's users vanish when its heartbeat lapses.
 */
export function createRedisPresence(
  redis: RedisConnection,
  node: RedisNode,
  bus: Bus,
  hub: { localEntries(channel: string): PresenceEntry[] },
): PresenceBackend {
  const readScript = luaScript(redis.command, READ);
  const keyOf = (channel: string) => `${redis.prefix}pres:${redis.nodeId}:${channel}`;
  const empty = Buffer.alloc(0);
  return {
    write(channel, userId, entry, lastHere) {
      const key = keyOf(channel);
      if (entry) {
        void redis.command.hset(key, userId, JSON.stringify(entry));
        node.keep(key, () => {
          const entries = hub.localEntries(channel);
          if (entries.length === 0) return;
          const fields = entries.flatMap((e) => [e.userId, JSON.stringify(e)]);
          void redis.command
            .multi()
            .hset(key, ...fields)
            .pexpire(key, NODE_TTL_MS)
            .exec();
          bus.publish(presenceChangedChannel(channel), empty);
        });
      } else {
        void redis.command.hdel(key, userId);
        if (lastHere) node.forget(key);
      }
      bus.publish(presenceChangedChannel(channel), empty);
    },
    async read(channel, mode) {
      const result = await readScript([], [redis.prefix, channel, mode]);
      if (typeof result === "number") return result;
      return (result as string[]).map((json) => JSON.parse(json) as PresenceEntry);
    },
    watch: (channel) => bus.subscribe(presenceChangedChannel(channel)),
    unwatch: (channel) => bus.unsubscribe(presenceChangedChannel(channel)),
  };
}
