import { DASHBOARD_RANGE_DAYS } from "@chatsphere/contract";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { addDayActivity, pruneActiveUsersBefore } from "./queries";
import { addDays, nextUtcMidnight, utcDay } from "./utc-day";

/**
 * How often a process writes what it counted; also written when the server stops. The server
 * takes it from ACTIVITY_FLUSH_MS (config.ts, the same default), which tests shorten.
 */
export const ACTIVITY_FLUSH_MS = 5_000;
/** How often a process forgets who was active on days older than the dashboard's range. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Users per statement, so a busy day's first flush stays a handful of small statements. */
const USERS_PER_STATEMENT = 5_000;

/** Where the tallies go: the database (queries.ts), or a fake in unit tests. */
export interface ActivityStore {
  add(params: { day: string; userIds: string[]; messages: number }): Promise<void>;
  pruneBefore(day: string): Promise<void>;
}

export const databaseActivityStore = (db: Database): ActivityStore => ({
  add: (params) => addDayActivity(db, params),
  pruneBefore: (day) => pruneActiveUsersBefore(db, day),
});

export interface ActivityRecorderOptions {
  store: ActivityStore;
  logger: Logger;
  /** Users online on any process (the realtime online registry). */
  countOnline(): Promise<number>;
  /** Users connected to this process: still active when a new day begins. */
  connectedUsers(): Iterable<string>;
  now?: () => number;
  flushMs?: number;
}

interface DayTally {
  users: Set<string>;
  messages: number;
}

/**
 * The dashboard's daily activity (SPEC §2), recorded as it happens. The hot path (a socket
 * opens, a message is stored) only touches memory: a user already seen today costs a Set
 * lookup, a message an increment. Every few seconds the tallies are written in one statement
 * per day (queries.ts `addDayActivity`), where a table of who was active that day makes each
 * user count once across processes. A write that fails is logged and its tally kept for the
 * next flush; stopping the server flushes.
 */
export class ActivityRecorder {
  private readonly now: () => number;
  private day: string;
  private dayEndsAt: number;
  /** Users this process has recorded today (written or pending): a repeat is a lookup. */
  private seen = new Set<string>();
  /** Not yet written, by day (a failed write of yesterday waits beside today). */
  private pending = new Map<string, DayTally>();
  private writing: Promise<void> = Promise.resolve();
  private prunedAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ActivityRecorderOptions) {
    this.now = options.now ?? Date.now;
    const now = this.now();
    this.day = utcDay(now);
    this.dayEndsAt = nextUtcMidnight(now);
  }

  start() {
    this.timer = setInterval(() => void this.flush(), this.options.flushMs ?? ACTIVITY_FLUSH_MS);
    this.timer.unref();
  }

  /** A user connected to the realtime gateway (or sent a message): active today. */
  userActive(userId: string) {
    this.turnDay();
    if (this.seen.has(userId)) return;
    this.seen.add(userId);
    this.tally(this.day).users.add(userId);
  }

  /** A message was stored (text or media): counted for today, and its sender is active. */
  messageStored(senderId: string) {
    this.turnDay();
    this.tally(this.day).messages += 1;
    this.userActive(senderId);
  }

  /** Users online right now on any process, each once. */
  activeNow() {
    return this.options.countOnline();
  }

  /**
   * Writes what was counted since the last write. Writes run one at a time; a call during one
   * resolves after it and a write of whatever came meanwhile. Never rejects.
   */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  /** Stops the timer and writes what is left (the server is stopping). */
  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private tally(day: string): DayTally {
    let tally = this.pending.get(day);
    if (!tally) {
      tally = { users: new Set(), messages: 0 };
      this.pending.set(day, tally);
    }
    return tally;
  }

  /** At midnight (UTC) a new day starts; whoever is still connected is active on it too. */
  private turnDay() {
    const now = this.now();
    if (now < this.dayEndsAt) return;
    this.day = utcDay(now);
    this.dayEndsAt = nextUtcMidnight(now);
    this.seen = new Set();
    for (const userId of this.options.connectedUsers()) this.userActive(userId);
  }

  private async write() {
    this.turnDay();
    const batch = this.pending;
    this.pending = new Map();
    for (const [day, tally] of batch) await this.writeDay(day, tally);
    await this.prune();
  }

  private async writeDay(day: string, tally: DayTally) {
    const userIds = [...tally.users];
    if (userIds.length === 0 && tally.messages === 0) return;
    let messages = tally.messages;
    let start = 0;
    do {
      const chunk = userIds.slice(start, start + USERS_PER_STATEMENT);
      try {
        await this.options.store.add({ day, userIds: chunk, messages });
      } catch (error) {
        // Kept for the next flush: nothing counted is dropped because the database was away.
        const left = this.tally(day);
        for (const userId of userIds.slice(start)) left.users.add(userId);
        left.messages += messages;
        this.options.logger.error(
          `dashboard: could not record the activity of ${day}; retrying at the next flush`,
          error,
        );
        return;
      }
      messages = 0;
      start += USERS_PER_STATEMENT;
    } while (start < userIds.length);
  }

  /** Who was active is needed only while a day can still change; kept for the chart's range. */
  private async prune() {
    const now = this.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    try {
      await this.options.store.pruneBefore(addDays(utcDay(now), -(DASHBOARD_RANGE_DAYS - 1)));
    } catch (error) {
      this.options.logger.error("dashboard: could not prune daily_active_user", error);
    }
  }
}
