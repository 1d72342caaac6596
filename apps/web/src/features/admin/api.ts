import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CONTENT_TOAST, FEEDBACK_PAGE_SIZE, MAX_PAGE_SIZE } from "@chatsphere/contract";
import { fetchAllPages } from "@/lib/pages";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";

/*
 * Every tag and every category: the tags and categories pages and the editor's pickers need
 * the whole list, so pages of the largest size the server allows are fetched until the last
 * (one request for a usual blog). The keys start with the procedures' own, so invalidating
 * `orpc.admin.listTags.key()` after a create refetches them.
 */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: [...orpc.admin.listTags.key(), "all"],
    queryFn: () =>
      fetchAllPages(async (cursor) => {
        const page = await rpc.admin.listTags({ limit: MAX_PAGE_SIZE, cursor });
        return { rows: page.tags, nextCursor: page.nextCursor };
      }),
  });
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...orpc.admin.listCategories.key(), "all"],
    queryFn: () =>
      fetchAllPages(async (cursor) => {
        const page = await rpc.admin.listCategories({ limit: MAX_PAGE_SIZE, cursor });
        return { rows: page.categories, nextCursor: page.nextCursor };
      }),
  });
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
