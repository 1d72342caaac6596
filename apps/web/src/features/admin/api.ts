import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import {
  ADMIN_TOAST,
  CONTENT_TOAST,
  FEEDBACK_PAGE_SIZE,
  MAX_PAGE_SIZE,
  TOAST,
  type UsersSearch,
} from "@chatsphere/contract";
import { fetchAllPages } from "@/lib/pages";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";
import { listUsersInputOf } from "./users/users-search";

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

/* Manage Users and the dashboard (SPEC §2, §7 admin.*). */

/** One page of the users list; the previous page stays on screen while the next loads. */
export const usersQueryOptions = (search: UsersSearch) =>
  orpc.admin.listUsers.queryOptions({
    input: listUsersInputOf(search),
    placeholderData: keepPreviousData,
  });

export const dashboardMetricsOptions = () => orpc.admin.getDashboardMetrics.queryOptions();
export const engagementTrendsOptions = () => orpc.admin.getEngagementTrends.queryOptions();

type UserAction = "ban" | "unban" | "remove";

const ACTIONS = {
  ban: { call: (userId: string) => rpc.admin.banUser({ userId }), done: ADMIN_TOAST.userBanned },
  unban: {
    call: (userId: string) => rpc.admin.unbanUser({ userId }),
    done: ADMIN_TOAST.userUnbanned,
  },
  remove: {
    call: (userId: string) => rpc.admin.removeUser({ userId }),
    done: ADMIN_TOAST.userDeleted,
  },
} satisfies Record<UserAction, { call: (userId: string) => Promise<unknown>; done: string }>;

/**
 * After every user action the list is refetched (SPEC §4), and the dashboard's counts with
 * it. Failures show the server's reason; the spec's original hid them.
 */
function useRefetchUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.admin.listUsers.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.admin.getDashboardMetrics.key() }),
    ]);
}

const showFailure = (error: unknown) =>
  toast.error(ADMIN_TOAST.actionFailed(rpcErrorMessage(error, TOAST.genericError)));

export function useUserAction() {
  const refetch = useRefetchUsers();
  return useMutation({
    mutationFn: ({ action, userId }: { action: UserAction; userId: string }) =>
      ACTIONS[action].call(userId),
    onSuccess: (_result, { action }) => {
      toast.success(ACTIONS[action].done);
    },
    onError: showFailure,
    onSettled: refetch,
  });
}

export function useDeleteAllGuests() {
  const refetch = useRefetchUsers();
  return useMutation({
    mutationFn: () => rpc.admin.deleteAllGuestUsers(),
    onSuccess: ({ deletedCount }) => {
      toast.success(ADMIN_TOAST.guestsDeleted(deletedCount));
    },
    onError: showFailure,
    onSettled: refetch,
  });
}
