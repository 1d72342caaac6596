import { useInfiniteQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { useId } from "react";
import { ADMIN_TOAST, CONTENT_TEXT, SAFETY_TEXT } from "@chatsphere/contract";
import { EmptyState } from "@/components/empty-state";
import { LoadMoreButton } from "@/components/load-more-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatLocalDateTime } from "@/lib/format-date";
import { auditLogQueryOptions } from "./api";
import { auditRowsOf, EMPTY_CELL, type AuditRow } from "./audit-rows";

const COLUMNS = SAFETY_TEXT.auditColumns;

/*
 * On a phone each row stacks: the action and its time on top, then the target, the admin and
 * the detail, each named by its column (the header row is read by screen readers only).
 */
const rowClass =
  "grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-3 transition-colors hover:bg-muted/40 sm:table-row sm:p-0";
const cellClass = "sm:px-4 sm:py-3 sm:align-top";
const labelled =
  "col-span-2 text-sm wrap-anywhere max-sm:before:mr-1 max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)_':']";

/** The audit log (issue 14): every admin action, newest first, a page at a time. */
export function AuditPage() {
  const headingId = useId();
  const query = useInfiniteQuery(auditLogQueryOptions());
  const rows = auditRowsOf(query.data?.pages);
  return (
    <Card className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h1" id={headingId}>
          {SAFETY_TEXT.auditTitle}
        </CardTitle>
        <CardDescription>{SAFETY_TEXT.auditSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        {query.isPending ? (
          <AuditSkeleton />
        ) : !query.data ? (
          <p className="text-sm text-destructive">
            {ADMIN_TOAST.actionFailed(query.error?.message ?? "")}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState icon={ScrollText} title={SAFETY_TEXT.noAudit} />
        ) : (
          <div className="overflow-hidden rounded-lg border">
            <table aria-labelledby={headingId} className="w-full text-sm">
              <thead className="bg-muted/50 text-left text-muted-foreground max-sm:sr-only">
                <tr className="border-b">
                  {[
                    COLUMNS.when,
                    COLUMNS.admin,
                    COLUMNS.action,
                    COLUMNS.target,
                    COLUMNS.detail,
                  ].map((label) => (
                    <th key={label} scope="col" className="px-4 py-2.5 font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {rows.map((row) => (
                  <AuditTableRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LoadMoreButton query={query} label={CONTENT_TEXT.loadMore} />
      </CardContent>
    </Card>
  );
}

function AuditTableRow({ row }: { row: AuditRow }) {
  return (
    <tr className={rowClass}>
      <td
        className={cn(
          cellClass,
          "col-start-2 row-start-1 text-right text-xs whitespace-nowrap text-muted-foreground tabular-nums sm:text-left sm:text-sm",
        )}
      >
        <time dateTime={row.at}>{formatLocalDateTime(row.when)}</time>
      </td>
      <td
        data-label={COLUMNS.admin}
        className={cn(cellClass, labelled, "row-start-3 max-sm:text-xs sm:whitespace-nowrap")}
      >
        {row.admin}
      </td>
      <td className={cn(cellClass, "col-start-1 row-start-1 font-medium")}>{row.action}</td>
      <td
        data-label={COLUMNS.target}
        className={cn(cellClass, labelled, "row-start-2 sm:max-w-48")}
      >
        {row.target}
      </td>
      <td
        data-label={COLUMNS.detail}
        className={cn(
          cellClass,
          labelled,
          "row-start-4 text-muted-foreground max-sm:text-xs",
          row.detail === EMPTY_CELL && "max-sm:hidden",
        )}
      >
        {row.detail}
      </td>
    </tr>
  );
}

function AuditSkeleton() {
  return (
    <div className="grid divide-y rounded-lg border" aria-busy data-testid="audit-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <div
          key={i}
          className="grid gap-2 px-4 py-3 sm:grid-cols-[10rem_6rem_minmax(0,1fr)_8rem_minmax(0,1fr)] sm:items-center sm:gap-4"
        >
          <Skeleton className="h-4 w-32 max-sm:hidden" />
          <Skeleton className="h-4 w-20 max-sm:hidden" />
          <div className="flex items-center justify-between gap-3">
            <Skeleton className="h-4 w-36 max-w-full" />
            <Skeleton className="h-3 w-28 sm:hidden" />
          </div>
          <Skeleton className="h-4 w-28 max-w-full" />
          <Skeleton className="h-3 w-40 max-w-full" />
        </div>
      ))}
    </div>
  );
}
