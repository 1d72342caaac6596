import {
  DASHBOARD_RANGE_DAYS,
  type DashboardMetrics,
  type EngagementTrends,
} from "@chatsphere/contract";
import type { Database } from "../../db/client";
import type { ActivityRecorder } from "./activity-recorder";
import { activityBetween, dashboardCounts } from "./queries";
import { daysEnding, utcDay } from "./utc-day";

/** The six numbers of the dashboard index: exact totals, and who is online on any process. */
export async function dashboardMetrics(deps: {
  db: Database;
  activity: Pick<ActivityRecorder, "activeNow">;
}): Promise<DashboardMetrics> {
  const [counts, activeNow] = await Promise.all([
    dashboardCounts(deps.db),
    deps.activity.activeNow(),
  ]);
  return { ...counts, activeNow };
}

/**
 * The two charts over the last DASHBOARD_RANGE_DAYS UTC days, oldest first, ending today:
 * read from the recorded days (at most that many rows), never from the messages; a day
 * without a row reads zero.
 */
export async function engagementTrends(
  db: Database,
  now: number = Date.now(),
): Promise<EngagementTrends> {
  const days = daysEnding(utcDay(now), DASHBOARD_RANGE_DAYS);
  const rows = await activityBetween(db, days[0] ?? "", days[days.length - 1] ?? "");
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return {
    range: { days: DASHBOARD_RANGE_DAYS },
    activeUsersPerDay: days.map((date) => ({ date, count: byDay.get(date)?.activeUsers ?? 0 })),
    messagesPerDay: days.map((date) => ({ date, count: byDay.get(date)?.messages ?? 0 })),
  };
}
