import { createFileRoute } from "@tanstack/react-router";
import { dashboardMetricsOptions, engagementTrendsOptions } from "@/features/admin/api";
import { DashboardPage } from "@/features/admin/dashboard/dashboard-page";

export const Route = createFileRoute("/admin/_admin/dashboard/")({
  // Not awaited: the cards and charts show their skeletons until their data arrives.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dashboardMetricsOptions());
    void context.queryClient.prefetchQuery(engagementTrendsOptions());
  },
  component: DashboardPage,
});
