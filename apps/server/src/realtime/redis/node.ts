import type { Logger } from "../../logger";
import type { RedisConnection } from "./connection";
import { NODE_HEARTBEAT_MS, NODE_TTL_MS } from "./connection";
import { LUA_LIVE_NODES, luaScript } from "./script";

/**
 * Renews this process's entry; returns the processes whose heartbeat lapsed within the last
 * hour (they died), the other live processes, and whether this process's entry was missing.
 */
const BEAT = `${LUA_LIVE_NODES}
local t = now_ms()
local added = redis.call('ZADD', KEYS[1], t + tonumber(ARGV[1]), ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t - 3600000)
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. t)
local others = {}
for _, node in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], t, '+inf')) do
  if node ~= ARGV[2] then others[#others + 1] = node end
end
return {lapsed, others, added}`;

/** What one heartbeat learnt about the registry of processes. */
export interface NodeBeat {
  /** Processes whose heartbeat lapsed within the last hour: they crashed. */
  lapsed: string[];
  /** The other processes alive now. */
  others: string[];
  /**
   * This process's entry was missing at a heartbeat after its first: its own heartbeat had
   * lapsed (a stall longer than NODE_TTL_MS) or Redis lost the registry, so the other
   * processes may have counted it gone.
   */
  rejoined: boolean;
}

/**
 * This process in the Redis registry of live processes. Its keys (who is connected here,
 * presence here) expire unless refreshed, so a crashed process's users disappear on their
 * own within NODE_TTL_MS; other processes stop counting it as soon as its heartbeat lapses.
 */
export class RedisNode {
  readonly onlineKey: string;
  /** Keys of this process, each with how to write it again if Redis lost it. */
  private readonly keys = new Map<string, () => void>();
  private readonly beatScript;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners: ((beat: NodeBeat) => void)[] = [];
  private beats = 0;

  constructor(
    private readonly redis: RedisConnection,
    private readonly logger: Logger,
    /** How often it beats: NODE_HEARTBEAT_MS, shorter in tests that wait for a beat. */
    private readonly heartbeatMs = NODE_HEARTBEAT_MS,
  ) {
    this.onlineKey = `${redis.prefix}online:${redis.nodeId}`;
    this.beatScript = luaScript(redis.command, BEAT);
  }

  /**
   * Keeps a key of this process alive (and removes it when the process stops). If the key is
   * gone at a heartbeat (Redis restarted, or was unreachable longer than the TTL), `restore`
   * writes it again from this process's own state.
   */
  keep(key: string, restore: () => void) {
    if (this.keys.has(key)) return;
    this.keys.set(key, restore);
    void this.redis.command.pexpire(key, NODE_TTL_MS);
  }

  forget(key: string) {
    this.keys.delete(key);
  }

  /**
   * Runs after every heartbeat (presence re-reads, to notice processes that died; the bus,
   * to know whether another process is alive), with what it learnt: a process that stops
   * cleanly leaves the registry, so the lapsed ones are those that crashed.
   */
  onBeat(listener: (beat: NodeBeat) => void) {
    this.listeners.push(listener);
  }

  /** Joins the registry (the first heartbeat, whose findings it returns) and keeps beating. */
  async start(): Promise<NodeBeat | null> {
    const first = await this.beat();
    this.timer = setInterval(() => void this.beat(), this.heartbeatMs);
    this.timer.unref();
    return first;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    const { command, prefix, nodeId } = this.redis;
    const leaving = command.multi().zrem(`${prefix}nodes`, nodeId);
    // DEL without a key is an error, which would fail the ZREM with it.
    if (this.keys.size > 0) leaving.del(...this.keys.keys());
    await leaving.exec().catch(() => undefined);
  }

  /** One heartbeat now (start() repeats it every NODE_HEARTBEAT_MS); null if it failed. */
  async beat(): Promise<NodeBeat | null> {
    try {
      const { command, prefix, nodeId } = this.redis;
      const [lapsed, others, added] = (await this.beatScript(
        [`${prefix}nodes`],
        [NODE_TTL_MS, nodeId],
      )) as [string[], string[], number];
      const beat: NodeBeat = { lapsed, others, rejoined: added === 1 && this.beats > 0 };
      this.beats++;
      const keys = [...this.keys];
      const pipeline = command.pipeline();
      for (const [key] of keys) pipeline.pexpire(key, NODE_TTL_MS);
      const results = (await pipeline.exec()) ?? [];
      results.forEach(([error, extended], index) => {
        if (!error && extended === 0) keys[index]?.[1]();
      });
      for (const listener of this.listeners) listener(beat);
      return beat;
    } catch (error) {
      this.logger.warn(`redis: heartbeat failed: ${String(error)}`);
      return null;
    }
  }
}
