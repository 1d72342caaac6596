/*
 * Days of the dashboard's activity: UTC calendar days as `YYYY-MM-DD`, the form of a Postgres
 * `date` in string mode and of the charts' dates.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The first millisecond of the UTC day after the one of `ms`. */
export const nextUtcMidnight = (ms: number): number => (Math.floor(ms / DAY_MS) + 1) * DAY_MS;

/** The day `count` days after `day` (before it when negative). */
export const addDays = (day: string, count: number): string =>
  utcDay(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS);

/** The `count` days ending with `lastDay`, oldest first. */
export const daysEnding = (lastDay: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addDays(lastDay, i - count + 1));
