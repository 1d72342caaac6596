import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { SAFETY_TOAST, type ReportInput } from "@chatsphere/contract";
import { rpc } from "@/lib/rpc";
import { refreshBlocks } from "../api";
import { markBlocked } from "./use-block";

/**
 * Sends a report (issue 14), optionally blocking in the same step. A refusal (reported
 * already, not in this conversation, too many reports) is left to the dialog, which shows the
 * server's words and keeps what was typed.
 */
export function useReport(person: { id: string; name: string }, onBlocked?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ReportInput, "userId">) =>
      rpc.safety.report({ ...input, userId: person.id }),
    onSuccess: async ({ message, blocked }) => {
      toast.success(message, {
        description: blocked ? SAFETY_TOAST.blocked(person.name) : undefined,
      });
      if (!blocked) return;
      markBlocked(queryClient, person.id);
      onBlocked?.();
      await refreshBlocks(queryClient);
    },
  });
}
