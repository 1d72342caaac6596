import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { DASHBOARD_TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { downloadText } from "@/lib/download";
import { dashboardMetricsOptions, engagementTrendsOptions } from "../api";
import { ChartCard } from "./chart-card";
import { MetricCards } from "./metric-cards";
import { metricsReportCsv, reportFileName } from "./report";

/** The admin index (SPEC §2): six metrics, two engagement charts and the report download. */
export function DashboardPage() {
  const metrics = useQuery(dashboardMetricsOptions());
  const trends = useQuery(engagementTrendsOptions());
  const download = () => {
    if (!metrics.data) return;
    downloadText(reportFileName(new Date()), metricsReportCsv(metrics.data));
  };
  const days = trends.data?.range.days;
  return (
    <div className="grid min-w-0 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{DASHBOARD_TEXT.heading}</h1>
          <p className="text-sm text-muted-foreground">{DASHBOARD_TEXT.subtitle}</p>
        </div>
        <Button variant="outline" onClick={download} disabled={!metrics.data}>
          <Download aria-hidden /> {DASHBOARD_TEXT.downloadReport}
        </Button>
      </header>
      <MetricCards metrics={metrics.data} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title={DASHBOARD_TEXT.activeUsersChart}
          data={trends.data?.activeUsersPerDay}
          days={days}
          variant="area"
        />
        <ChartCard
          title={DASHBOARD_TEXT.messagesChart}
          data={trends.data?.messagesPerDay}
          days={days}
          variant="bar"
        />
      </div>
    </div>
  );
}
