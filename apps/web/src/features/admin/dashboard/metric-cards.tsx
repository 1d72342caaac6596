import {
  Activity,
  FileText,
  MessageSquare,
  UserCheck,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import {
  DASHBOARD_METRICS,
  DASHBOARD_TEXT,
  type DashboardMetric,
  type DashboardMetrics,
} from "@chatsphere/contract";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

const ICONS: Record<DashboardMetric, LucideIcon> = {
  totalBlogs: FileText,
  totalComments: MessageSquare,
  totalUsers: Users,
  activeNow: Activity,
  totalLoggedInUsers: UserCheck,
  totalGuestUsers: UserRound,
};

/** The six metrics of SPEC §2, one card each, in the spec's order. */
export function MetricCards({ metrics }: { metrics: DashboardMetrics | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
      {DASHBOARD_METRICS.map((key) => {
        const Icon = ICONS[key];
        const labelId = `metric-${key}`;
        return (
          <li key={key}>
            <Card
              className="flex h-full flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
              role="group"
              aria-labelledby={labelId}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-primary sm:size-11">
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="grid min-w-0 gap-0.5">
                <p id={labelId} className="text-sm font-medium text-muted-foreground">
                  {DASHBOARD_TEXT.metricLabels[key]}
                </p>
                {metrics ? (
                  <p className="text-2xl font-bold tracking-tight tabular-nums" data-metric={key}>
                    {metrics[key].toLocaleString("en-US")}
                  </p>
                ) : (
                  <Skeleton className="h-8 w-16" />
                )}
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
