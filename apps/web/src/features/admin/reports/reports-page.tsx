import { useInfiniteQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { ADMIN_TOAST, CONTENT_TEXT, SAFETY_TEXT } from "@chatsphere/contract";
import { EmptyState } from "@/components/empty-state";
import { LoadMoreButton } from "@/components/load-more-button";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { reportsQueryOptions } from "./api";
import { ReportCard } from "./report-card";
import { reportsOfPages } from "./transcript";

/** The moderation queue (issue 14): open reports, oldest first, a page at a time. */
export function ReportsPage() {
  const query = useInfiniteQuery(reportsQueryOptions());
  const reports = reportsOfPages(query.data?.pages);
  return (
    <Card className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h1" className="flex items-center gap-2">
          {SAFETY_TEXT.reportsTitle}
          {reports.length > 0 ? (
            <Badge variant="secondary" className="tabular-nums">
              {reports.length}
              {query.hasNextPage ? "+" : ""}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>{SAFETY_TEXT.reportsSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        {query.isPending ? (
          <ReportsSkeleton />
        ) : !query.data ? (
          <p className="text-sm text-destructive">
            {ADMIN_TOAST.actionFailed(query.error?.message ?? "")}
          </p>
        ) : reports.length === 0 ? (
          <EmptyState icon={ShieldCheck} title={SAFETY_TEXT.noReports} />
        ) : (
          <ul className="grid gap-4" aria-busy={query.isFetching || undefined}>
            {reports.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </ul>
        )}
        <LoadMoreButton query={query} label={CONTENT_TEXT.loadMore} />
      </CardContent>
    </Card>
  );
}

function ReportsSkeleton() {
  return (
    <div className="grid gap-4" aria-busy data-testid="reports-skeleton">
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border">
          <div className="flex items-center gap-3 border-b bg-muted/40 px-4 py-3">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-3 w-20" />
            <Skeleton className="ml-auto h-3 w-28" />
          </div>
          <div className="grid gap-4 p-4">
            <div className="grid gap-3 sm:grid-cols-2">
              {Array.from({ length: 2 }, (_, j) => (
                <div key={j} className="flex items-center gap-3 rounded-lg border p-3">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="grid flex-1 gap-2">
                    <Skeleton className="h-4 w-32 max-w-full" />
                    <Skeleton className="h-3 w-24 max-w-full" />
                  </div>
                </div>
              ))}
            </div>
            <div className="grid gap-3 rounded-lg border p-3">
              {Array.from({ length: 3 }, (_, k) => (
                <div key={k} className="grid gap-1.5">
                  <Skeleton className="h-3 w-28" />
                  <Skeleton className="h-4 w-full max-w-md" />
                </div>
              ))}
            </div>
          </div>
          <div className="flex justify-end gap-2 border-t px-4 py-3">
            <Skeleton className="h-10 w-24" />
            <Skeleton className="h-10 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}
