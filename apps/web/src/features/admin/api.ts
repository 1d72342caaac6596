import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CONTENT_TOAST, FEEDBACK_PAGE_SIZE } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";

export const tagsQueryOptions = () => orpc.admin.listTags.queryOptions();
export const categoriesQueryOptions = () => orpc.admin.listCategories.queryOptions();
export const pendingCommentsQueryOptions = () => orpc.admin.listPendingComments.queryOptions();

/** Everyone's feedback, newest first, 20 per page (SPEC §7 `{limit: 20, offset: 0}`). */
export const allFeedbacksOptions = () =>
  orpc.feedback.list.infiniteOptions({
    input: (offset: number) => ({ limit: FEEDBACK_PAGE_SIZE, offset }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.length * FEEDBACK_PAGE_SIZE : undefined,
  });

export function useApproveComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc.admin.approveComment({ id }),
    onSuccess: async () => {
      toast.success(CONTENT_TOAST.commentApproved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orpc.admin.listPendingComments.key() }),
        queryClient.invalidateQueries({ queryKey: orpc.blog.listComments.key() }),
      ]);
    },
    onError: (error) => toast.error(rpcErrorMessage(error, "Could not approve the comment.")),
  });
}
