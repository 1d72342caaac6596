import type { Logger } from "../../logger";
import type { RedisConnection } from "./connection";
import { NODE_HEARTBEAT_MS, NODE_TTL_MS } from "./connection";
import { LUA_LIVE_NODES, luaScript } from "./script";

/** Returns the processes whose heartbeat lapsed within the last hour (they died). */
const BEAT = `${LUA_LIVE_NODES}
local t = now_ms()
redis.call('ZADD', KEYS[1], t + tonumber(ARGV[1]), ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t - 3600000)
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. t)`;

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
  private readonly listeners: ((lapsed: string[]) => void)[] = [];

  constructor(
    private readonly redis: RedisConnection,
    private readonly logger: Logger,
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
   * Runs after every heartbeat (presence re-reads, to notice processes that died), with the
   * processes whose heartbeat lapsed in the last hour: a process that stops cleanly leaves the
   * registry, so these are the ones that crashed.
   */
  onBeat(listener: (lapsed: string[]) => void) {
    this.listeners.push(listener);
  }

  async start() {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), NODE_HEARTBEAT_MS);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    const { command, prefix, nodeId } = this.redis;
    await command
      .multi()
      .zrem(`${prefix}nodes`, nodeId)
      .del(...this.keys.keys())
      .exec()
      .catch(() => undefined);
  }

  /** One heartbeat now (start() repeats it every NODE_HEARTBEAT_MS). */
  async beat() {
    try {
      const { command, prefix, nodeId } = this.redis;
      const lapsed = (await this.beatScript([`${prefix}nodes`], [NODE_TTL_MS, nodeId])) as string[];
      const keys = [...this.keys];
      const pipeline = command.pipeline();
      for (const [key] of keys) pipeline.pexpire(key, NODE_TTL_MS);
      const results = (await pipeline.exec()) ?? [];
      results.forEach(([error, extended], index) => {
        if (!error && extended === 0) keys[index]?.[1]();
      });
      for (const listener of this.listeners) listener(lapsed);
    } catch (error) {
      this.logger.warn(`redis: heartbeat failed: ${String(error)}`);
    }
  }
}
