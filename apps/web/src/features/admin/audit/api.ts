import { orpc } from "@/lib/rpc";

/** The audit log (issue 14): every admin action, newest first, a page at a time. */
export const auditLogQueryOptions = () =>
  orpc.admin.listAuditLog.infiniteOptions({
    input: (cursor: string | undefined) => ({ cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Fetched again on each visit (not twice on one: the route's prefetch is still fresh).
    staleTime: 5_000,
  });
