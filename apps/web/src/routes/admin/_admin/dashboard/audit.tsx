import { createFileRoute } from "@tanstack/react-router";
import { auditLogQueryOptions } from "@/features/admin/audit/api";
import { AuditPage } from "@/features/admin/audit/audit-page";

export const Route = createFileRoute("/admin/_admin/dashboard/audit")({
  // Not awaited: the page shows its skeleton until the log arrives.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(auditLogQueryOptions());
  },
  component: AuditPage,
});
