import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { TOAST } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";
import { refreshBlocks } from "../api";

/** Adds someone to the cached blocked ids at once, before the refetch confirms it. */
export function markBlocked(queryClient: QueryClient, userId: string) {
  queryClient.setQueryData(orpc.safety.blockedIds.queryKey(), (old) =>
    old && !old.userIds.includes(userId) ? { userIds: [...old.userIds, userId] } : old,
  );
}

/**
 * Blocks one person (issue 14): the server ends the follows between the two and keeps them
 * apart from then on; rooms hide their messages here at once. `onBlocked` lets the place it
 * was done from step away (a stranger chat ends).
 */
export function useBlock(person: { id: string; name: string }, onBlocked?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rpc.safety.block({ userId: person.id }),
    onSuccess: async ({ message }) => {
      toast.success(message);
      markBlocked(queryClient, person.id);
      onBlocked?.();
      await refreshBlocks(queryClient);
    },
    onError: (error) => toast.error(rpcErrorMessage(error, TOAST.genericError)),
  });
}

/** Unblocks one person (from a menu where they show as blocked). */
export function useUnblock(person: { id: string; name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rpc.safety.unblock({ userId: person.id }),
    onSuccess: async ({ message }) => {
      toast.success(message);
      queryClient.setQueryData(orpc.safety.blockedIds.queryKey(), (old) =>
        old ? { userIds: old.userIds.filter((id) => id !== person.id) } : old,
      );
      await refreshBlocks(queryClient);
    },
    onError: (error) => toast.error(rpcErrorMessage(error, TOAST.genericError)),
  });
}
