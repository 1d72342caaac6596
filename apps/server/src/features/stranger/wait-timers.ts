/**
 * The 10 s wait of each user queued by this process: one timer per user, replaced when they
 * queue again and dropped when they are matched, leave or go offline.
 */
export class WaitTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    readonly timeoutMs: number,
    private readonly onTimeout: (userId: string, token: string) => void,
  ) {}

  start(userId: string, token: string) {
    this.clear(userId);
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      this.onTimeout(userId, token);
    }, this.timeoutMs);
    timer.unref();
    this.timers.set(userId, timer);
  }

  clear(userId: string) {
    const timer = this.timers.get(userId);
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(userId);
  }

  clearAll() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
