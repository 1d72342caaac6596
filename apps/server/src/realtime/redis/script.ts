import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

export type ScriptArg = string | number;
export type RunScript = (keys: ScriptArg[], args: ScriptArg[]) => Promise<unknown>;

/**
 * A Lua script run by its SHA (EVALSHA), loaded on first use or after a Redis restart
 * (NOSCRIPT). Scripts run atomically: nothing else touches Redis while one runs, which is
 * what makes matching and presence safe between processes.
 */
export function luaScript(redis: Redis, source: string): RunScript {
  const sha = createHash("sha1").update(source).digest("hex");
  return async (keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}

/** Lua helper shared by the scripts: the node ids whose heartbeat has not expired. */
export const LUA_LIVE_NODES = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function live_nodes(prefix)
  return redis.call('ZRANGEBYSCORE', prefix .. 'nodes', now_ms(), '+inf')
end
local function is_online(prefix, nodes, user)
  for _, node in ipairs(nodes) do
    if redis.call('SISMEMBER', prefix .. 'online:' .. node, user) == 1 then return true end
  end
  return false
end
`;
