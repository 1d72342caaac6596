import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { SAFETY_ERROR } from "@chatsphere/contract";
import type { Database } from "../db/client";
import { message, room } from "../db/schema";
import { AppError } from "../errors";
import type { RateLimiter } from "../rate-limit/rate-limiter";
import { pauseFor } from "./pauses";

/*
 * The bot defence of stranger chat (issue 14), with no third-party service: what a script
 * does and a person does not. Sending the same text to one stranger after another slows the
 * sender down, then pauses them from stranger chat; so does skipping faster than anyone can
 * read. Counters live in the rate limiter's store (Redis across processes, else memory);
 * pauses in the database (moderation/pauses.ts), which every process reads.
 */

export const BOT_DEFENCE = {
  /** The same text opening this many stranger chats within the window: a short pause... */
  repeatedTextSlowAt: 3,
  /** ...and this many: a long one. */
  repeatedTextPauseAt: 5,
  repeatedTextWindowS: 600,
  /** A skip this soon after the match: nobody read anything. */
  fastSkipMs: 3_000,
  fastSkipsSlowAt: 6,
  fastSkipsSlowWindowS: 60,
  fastSkipsPauseAt: 15,
  fastSkipsPauseWindowS: 300,
  shortPauseMs: 60_000,
  skipWaitMs: 15_000,
  longPauseMs: 15 * 60_000,
} as const;

export interface BotDefenceDeps {
  db: Database;
  rateLimiter: RateLimiter;
}

/** Case and spacing do not make a text new. */
const normalized = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
const fingerprint = (text: string) =>
  createHash("sha256").update(normalized(text)).digest("base64url").slice(0, 22);

/** `at` hits of `key` within `windowS` make the last one over the limit. */
async function reaches(limiter: RateLimiter, key: string, at: number, windowS: number) {
  return (await limiter.consume(key, { max: at - 1, window: windowS })) !== null;
}

/**
 * A text about to be sent in a stranger chat. The first time the sender writes it in this
 * chat it counts as an opener; the third chat opened with it within ten minutes is refused
 * (nothing stored) with a minute's pause, the fifth with a quarter of an hour's. A different
 * text goes through: a person who writes to the stranger in front of them is never slowed.
 */
export async function checkStrangerText(
  deps: BotDefenceDeps,
  params: { userId: string; roomId: string; content: string },
) {
  const text = normalized(params.content);
  const [said] = await deps.db
    .select({ one: sql`1` })
    .from(message)
    .where(
      and(
        eq(message.roomId, params.roomId),
        eq(message.senderId, params.userId),
        sql`lower(regexp_replace(btrim(${message.content}), '\\s+', ' ', 'g')) = ${text}`,
      ),
    )
    .limit(1);
  if (said) return;
  const key = `bot:text:${params.userId}:${fingerprint(params.content)}`;
  const { repeatedTextWindowS: window } = BOT_DEFENCE;
  const long = await reaches(
    deps.rateLimiter,
    `${key}:long`,
    BOT_DEFENCE.repeatedTextPauseAt,
    window,
  );
  const slow = await reaches(deps.rateLimiter, key, BOT_DEFENCE.repeatedTextSlowAt, window);
  if (long) {
    await pauseFor(deps.db, params.userId, BOT_DEFENCE.longPauseMs, "repeated-text");
    throw new AppError(
      "TOO_MANY_REQUESTS",
      SAFETY_ERROR.pausedFor(BOT_DEFENCE.longPauseMs / 60_000),
    );
  }
  if (slow) {
    await pauseFor(deps.db, params.userId, BOT_DEFENCE.shortPauseMs, "repeated-text");
    throw new AppError("TOO_MANY_REQUESTS", SAFETY_ERROR.repeatedText);
  }
}

/**
 * A skip of the stranger chat `roomId`. Skipping within BOT_DEFENCE.fastSkipMs of the match,
 * again and again, makes the next search wait a few seconds, then pauses stranger chat; the
 * search itself refuses with the time left (pauses.ts assertMayMeetStrangers).
 */
export async function noteStrangerSkip(
  deps: BotDefenceDeps,
  params: { userId: string; roomId: string },
  /** How long ago the room was created, when the caller read it already (a batch of skips). */
  knownAgeMs?: number | null,
) {
  const ageMs = knownAgeMs === undefined ? await roomAgeMs(deps.db, params.roomId) : knownAgeMs;
  if (ageMs === null || ageMs >= BOT_DEFENCE.fastSkipMs) return;
  const key = `bot:skip:${params.userId}`;
  const limiter = deps.rateLimiter;
  const long = await reaches(
    limiter,
    `${key}:long`,
    BOT_DEFENCE.fastSkipsPauseAt,
    BOT_DEFENCE.fastSkipsPauseWindowS,
  );
  const slow = await reaches(
    limiter,
    key,
    BOT_DEFENCE.fastSkipsSlowAt,
    BOT_DEFENCE.fastSkipsSlowWindowS,
  );
  if (long) await pauseFor(deps.db, params.userId, BOT_DEFENCE.longPauseMs, "fast-skips");
  else if (slow) await pauseFor(deps.db, params.userId, BOT_DEFENCE.skipWaitMs, "fast-skips");
}

async function roomAgeMs(db: Database, roomId: string): Promise<number | null> {
  const [row] = await db
    .select({ ageMs: sql<number>`extract(epoch from now() - ${room.createdAt}) * 1000` })
    .from(room)
    .where(eq(room.id, roomId));
  return row ? Number(row.ageMs) : null;
}
