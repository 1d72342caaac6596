import type { Region } from "@chatsphere/contract";
import type { RedisConnection } from "../../../realtime/redis/connection";
import { LUA_LIVE_NODES, luaScript } from "../../../realtime/redis/script";
import { pairKey, SCAN_LIMIT, type QueueUser, type StrangerQueue } from "./types";

/*
 * Keys (all under the prefix): sq:{region} the queue (sorted set, oldest first);
 * su:{userId} a user's state (hash: s status, c region, t wait token, d deadline, r room,
 * p partner, n name, i image); scd:{a}|{b} a skip cool-down. Each script runs atomically.
 * ENQUEUE's ARGV from the 10th on are the users the caller must never be paired with (blocks,
 * either way: read from the database by the caller).
 */
const COMMON = `${LUA_LIVE_NODES}
local P = ARGV[1]
local STATE_TTL = 3600000
local function state_key(u) return P .. 'su:' .. u end
local function set_idle(u) redis.call('DEL', state_key(u)) end
`;

const ENQUEUE = `${COMMON}
local me, continent, token, room, timeout = ARGV[2], ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6])
local name, image, scan = ARGV[7], ARGV[8], tonumber(ARGV[9])
local avoid = {}
for i = 10, #ARGV do avoid[ARGV[i]] = true end
local mine = state_key(me)
local status = redis.call('HGET', mine, 's')
if status == 'matched' then return {'busy', redis.call('HGET', mine, 'r')} end
local nodes = live_nodes(P)
if not is_online(P, nodes, me) then return {'offline'} end
if status == 'waiting' then redis.call('ZREM', P .. 'sq:' .. redis.call('HGET', mine, 'c'), me) end
local now = now_ms()
local queue = P .. 'sq:' .. continent
for _, other in ipairs(redis.call('ZRANGE', queue, 0, scan)) do
  if other ~= me and not avoid[other] then
    local theirs = state_key(other)
    local s, d = unpack(redis.call('HMGET', theirs, 's', 'd'))
    if s ~= 'waiting' or tonumber(d) < now or not is_online(P, nodes, other) then
      redis.call('ZREM', queue, other)
      if s == 'waiting' then set_idle(other) end
    else
      local a, b = me, other
      if b < a then a, b = other, me end
      if redis.call('EXISTS', P .. 'scd:' .. a .. '|' .. b) == 0 then
        redis.call('ZREM', queue, other)
        redis.call('HSET', theirs, 's', 'matched', 'r', room, 'p', me)
        redis.call('PEXPIRE', theirs, STATE_TTL)
        redis.call('DEL', mine)
        redis.call('HSET', mine, 's', 'matched', 'r', room, 'p', other, 'c', continent, 'n', name, 'i', image)
        redis.call('PEXPIRE', mine, STATE_TTL)
        local n, i, c = unpack(redis.call('HMGET', theirs, 'n', 'i', 'c'))
        return {'matched', other, n, i, c}
      end
    end
  end
end
redis.call('ZADD', queue, now, me)
redis.call('DEL', mine)
redis.call('HSET', mine, 's', 'waiting', 'c', continent, 't', token, 'd', now + timeout, 'n', name, 'i', image)
redis.call('PEXPIRE', mine, STATE_TTL)
return {'waiting', tostring(now + timeout)}`;

const EXPIRE = `${COMMON}
local key = state_key(ARGV[2])
local s, t, c = unpack(redis.call('HMGET', key, 's', 't', 'c'))
if s ~= 'waiting' or t ~= ARGV[3] then return 0 end
redis.call('ZREM', P .. 'sq:' .. c, ARGV[2])
set_idle(ARGV[2])
return 1`;

const CANCEL = `${COMMON}
local key = state_key(ARGV[2])
local s, c, r = unpack(redis.call('HMGET', key, 's', 'c', 'r'))
if s == 'matched' then return {'matched', r} end
if s ~= 'waiting' then return {'idle'} end
redis.call('ZREM', P .. 'sq:' .. c, ARGV[2])
set_idle(ARGV[2])
return {'cancelled'}`;

const END = `${COMMON}
local me, room = ARGV[2], ARGV[3]
local s, r, partner = unpack(redis.call('HMGET', state_key(me), 's', 'r', 'p'))
if s ~= 'matched' or r ~= room then return false end
set_idle(me)
local ps, pr, n, i, c = unpack(redis.call('HMGET', state_key(partner), 's', 'r', 'n', 'i', 'c'))
if ps ~= 'matched' or pr ~= room then return false end
set_idle(partner)
return {partner, n, i, c}`;

/** The queue shared by every process through Redis; Lua keeps each step atomic. */
export function createRedisQueue(redis: RedisConnection): StrangerQueue {
  const { prefix, command } = redis;
  const enqueue = luaScript(command, ENQUEUE);
  const expire = luaScript(command, EXPIRE);
  const cancel = luaScript(command, CANCEL);
  const end = luaScript(command, END);
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

  return {
    async enqueue(user, params) {
      const reply = strings(
        await enqueue(
          [],
          [
            prefix,
            user.id,
            params.continent,
            params.token,
            params.roomId,
            params.timeoutMs,
            user.name,
            user.image ?? "",
            SCAN_LIMIT,
            ...(params.avoid ?? []),
          ],
        ),
      );
      const [kind, a = "", b = "", c = "", d = ""] = reply;
      if (kind === "busy") return { kind, roomId: a };
      if (kind === "offline") return { kind };
      if (kind === "waiting") return { kind, deadline: Number(a) };
      const partner: QueueUser = { id: a, name: b, image: c || null };
      return { kind: "matched", roomId: params.roomId, partner, partnerContinent: d as Region };
    },
    async expire(userId, token) {
      return (await expire([], [prefix, userId, token])) === 1;
    },
    async cancel(userId) {
      const [kind, roomId = ""] = strings(await cancel([], [prefix, userId]));
      if (kind === "matched") return { kind, roomId };
      return kind === "cancelled" ? { kind } : { kind: "idle" };
    },
    async end(userId, roomId) {
      const reply = strings(await end([], [prefix, userId, roomId]));
      const [id, name = "", image = "", continent = "World"] = reply;
      if (!id) return null;
      return { partner: { id, name, image: image || null }, partnerContinent: continent as Region };
    },
    async cooldown(a, b, ms) {
      await command.set(`${prefix}scd:${pairKey(a, b)}`, "1", "PX", ms);
    },
    close: () => Promise.resolve(),
  };
}
