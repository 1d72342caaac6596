import { DASHBOARD_METRICS, DASHBOARD_TEXT, type DashboardMetrics } from "@chatsphere/contract";
import { CSV_BOM, toCsv } from "@/lib/csv";

/** The report (SPEC §2): columns Metric and Value, one row per metric, named as in the spec. */
export function metricsReportCsv(metrics: DashboardMetrics): string {
  return (
    CSV_BOM +
    toCsv(
      DASHBOARD_TEXT.reportColumns,
      DASHBOARD_METRICS.map((key) => [key, metrics[key]]),
    )
  );
}

/** The local calendar day as YYYY-MM-DD, for the report's file name. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const reportFileName = (now: Date) => DASHBOARD_TEXT.reportFileName(localDay(now));
