import { createFileRoute } from "@tanstack/react-router";
import { reportsQueryOptions } from "@/features/admin/reports/api";
import { ReportsPage } from "@/features/admin/reports/reports-page";

export const Route = createFileRoute("/admin/_admin/dashboard/reports")({
  // Not awaited: the page shows its skeleton until the queue arrives.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(reportsQueryOptions());
  },
  component: ReportsPage,
});
