import { and, eq, isNull, sql } from "drizzle-orm";
import { SAFETY_ERROR } from "@chatsphere/contract";
import type { Database } from "../db/client";
import { strangerPause } from "../db/schema";
import { AppError } from "../errors";

/*
 * Pauses from stranger chat (issue 14): for a while (the bot defence: repeated texts, skips
 * faster than anyone reads), or until an admin decides (reported by several people).
 */

export type PauseReason = "reports" | "repeated-text" | "fast-skips";

/** What a search is told while this pause is in force. */
export function pauseRefusal(pause: { until: Date | null; reason: string | null }): AppError {
  if (!pause.until) return new AppError("FORBIDDEN", SAFETY_ERROR.pausedForReview);
  const leftMs = pause.until.getTime() - Date.now();
  // A wait of seconds (skipping too fast) reads as one; a pause reads in minutes.
  if (leftMs < 60_000 && pause.reason === "fast-skips") {
    const seconds = Math.max(1, Math.ceil(leftMs / 1000));
    return new AppError("TOO_MANY_REQUESTS", SAFETY_ERROR.slowDown(seconds));
  }
  const minutes = Math.max(1, Math.ceil(leftMs / 60_000));
  return new AppError("TOO_MANY_REQUESTS", SAFETY_ERROR.pausedFor(minutes));
}

/** Until an admin decides; replaces a timed pause. */
export async function pauseForReview(db: Database, userId: string) {
  await db
    .insert(strangerPause)
    .values({ userId, until: null, reason: "reports" })
    .onConflictDoUpdate({
      target: strangerPause.userId,
      set: { until: null, reason: "reports", createdAt: sql`now()` },
    });
}

/** For `ms`, unless a longer pause (or one awaiting review) is already in force. */
export async function pauseFor(db: Database, userId: string, ms: number, reason: PauseReason) {
  const until = sql`now() + make_interval(secs => ${ms / 1000})`;
  await db
    .insert(strangerPause)
    .values({ userId, until, reason })
    .onConflictDoUpdate({
      target: strangerPause.userId,
      set: { until, reason, createdAt: sql`now()` },
      // A review pause (until null) stays; a longer timed one stays.
      setWhere: sql`${strangerPause.until} is not null and ${strangerPause.until} < ${until}`,
    });
}

/** An admin decided about the reports: the review pause ends. */
export async function liftReviewPause(db: Database, userId: string) {
  await db
    .delete(strangerPause)
    .where(and(eq(strangerPause.userId, userId), isNull(strangerPause.until)));
}
