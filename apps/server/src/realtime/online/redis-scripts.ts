import { LUA_LIVE_NODES } from "../redis/script";

/*
 * The online registry's Lua scripts. Keys: `{prefix}online:{node}` holds the users connected
 * to one process (expiring with it); `{prefix}online-all` holds every user online on some
 * process, so that counting them is one SCARD instead of a union of every process's set
 * (SUNIONSTORE of a million members blocks Redis for about a second).
 */

/** ARGV: prefix, user id; 1 when a live process has the user. */
export const IS_ONLINE = `${LUA_LIVE_NODES}
return is_online(ARGV[1], live_nodes(ARGV[1]), ARGV[2]) and 1 or 0`;

/** ARGV: prefix, then user ids; returns those online (the live nodes are read once). */
export const ONLINE_AMONG = `${LUA_LIVE_NODES}
local nodes = live_nodes(ARGV[1])
local online = {}
for i = 2, #ARGV do
  if is_online(ARGV[1], nodes, ARGV[i]) then online[#online + 1] = ARGV[i] end
end
return online`;

/**
 * ARGV: prefix, this process's set, user id. The user's last connection here closed: out of
 * this process's set, and out of online-all unless another live process has them. Returns 1
 * when they are offline everywhere. Atomic, so a connection opening elsewhere meanwhile is
 * either seen here or adds the user back after.
 */
export const REMOVE = `${LUA_LIVE_NODES}
local prefix = ARGV[1]
redis.call('SREM', ARGV[2], ARGV[3])
if is_online(prefix, live_nodes(prefix), ARGV[3]) then return 0 end
redis.call('SREM', prefix .. 'online-all', ARGV[3])
return 1`;

/**
 * ARGV: prefix, set to scan, node to leave out ('' for none), cursor, page size. One page of
 * a cleanup: each user of the page whom no live process (but the one left out) has is removed
 * from online-all. Returns the next cursor ('0' at the end). Scanning online-all itself drops
 * the users of processes that died; scanning a stopping process's own set, leaving it out,
 * drops the users only it had.
 */
export const DROP_OFFLINE = `${LUA_LIVE_NODES}
local prefix = ARGV[1]
local nodes = {}
for _, node in ipairs(live_nodes(prefix)) do
  if node ~= ARGV[3] then nodes[#nodes + 1] = node end
end
local page = redis.call('SSCAN', ARGV[2], ARGV[4], 'COUNT', ARGV[5])
for _, user in ipairs(page[2]) do
  if not is_online(prefix, nodes, user) then redis.call('SREM', prefix .. 'online-all', user) end
end
return page[1]`;
