/* The arithmetic of the dashboard's charts, apart from their drawing (chart-scale.test.ts). */

/**
 * Round ticks for a count axis from 0: about `count` steps of 1, 2 or 5 times a power of
 * ten, never fractional (these are counts), the last at or above `max`.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/**
 * Which days get a date under the axis: at most `room` labels, evenly spaced, always
 * including the latest day (the one an admin looks for).
 */
export function labelledDays(days: number, room: number): number[] {
  if (days <= 0) return [];
  const every = Math.max(1, Math.ceil(days / Math.max(1, room)));
  const picked: number[] = [];
  for (let i = days - 1; i >= 0; i -= every) picked.unshift(i);
  return picked;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const longDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A server day (YYYY-MM-DD, UTC) as 'Nov 3'; `long` gives 'Mon, Nov 3, 2025'. */
export function formatDay(date: string, long = false): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return (long ? longDayFormat : dayFormat).format(parsed);
}

/** Sum and highest day of a series, for the chart's summary. */
export function seriesStats(counts: readonly number[]) {
  return {
    total: counts.reduce((sum, n) => sum + n, 0),
    peak: counts.reduce((max, n) => Math.max(max, n), 0),
  };
}
