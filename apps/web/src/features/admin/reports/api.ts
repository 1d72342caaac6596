import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { SAFETY_TOAST, TOAST } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";

/*
 * The moderation queue (issue 14): open reports, oldest first, a page at a time. After every
 * decision the queue is refetched (a ban closes every open report about the user, so more
 * than one card can leave), and so are the audit log, Manage Users and the dashboard's counts,
 * which the same action changed.
 */

export const reportsQueryOptions = () =>
  orpc.admin.listReports.infiniteOptions({
    input: (cursor: string | undefined) => ({ cursor }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Another admin may have decided a report meanwhile: the queue is fetched again on each
    // visit (not twice on one: the route's prefetch is still fresh when the page mounts).
    staleTime: 5_000,
  });

function useRefetchAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        orpc.admin.listReports.key(),
        orpc.admin.listAuditLog.key(),
        orpc.admin.listUsers.key(),
        orpc.admin.getDashboardMetrics.key(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** The server's reason (409 'already decided', 404...), else the generic text. */
const showFailure = (error: unknown) => toast.error(rpcErrorMessage(error, TOAST.genericError));

export type ReportDecision = "dismiss" | "ban";

const DECIDED: Record<ReportDecision, string> = {
  dismiss: SAFETY_TOAST.dismissed,
  ban: SAFETY_TOAST.bannedFromReport,
};

export function useDecideReport() {
  const refetch = useRefetchAfterDecision();
  return useMutation({
    mutationFn: (input: { reportId: string; decision: ReportDecision }) =>
      rpc.admin.decideReport(input),
    onSuccess: (_result, { decision }) => {
      toast.success(DECIDED[decision]);
    },
    onError: showFailure,
    onSettled: refetch,
  });
}

export function useDeleteReportedMessage() {
  const refetch = useRefetchAfterDecision();
  return useMutation({
    mutationFn: (input: { reportId: string; messageId: string }) =>
      rpc.admin.deleteReportedMessage(input),
    onSuccess: () => {
      toast.success(SAFETY_TOAST.messageDeleted);
    },
    onError: showFailure,
    onSettled: refetch,
  });
}
