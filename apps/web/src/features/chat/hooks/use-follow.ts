import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { TOAST } from "@chatsphere/contract";
import { rpc } from "@/lib/rpc";
import { failureText } from "@/lib/rpc-error";
import { isFollowingQuery, refreshFollowState } from "../api";
import { followRefusal } from "../refusal-text";

/**
 * Follow and unfollow one person, with the toasts of SPEC §8; the follow lists and relations
 * are refetched after each, and the button's own answer is set at once.
 */
export function useFollow(userId: string) {
  const queryClient = useQueryClient();
  const settle = async (isFollowing: boolean) => {
    queryClient.setQueryData(isFollowingQuery(userId).queryKey, isFollowing);
    await refreshFollowState(queryClient);
  };

  const follow = useMutation({
    mutationFn: () => rpc.user.follow({ userId }),
    onSuccess: async () => {
      toast.success(TOAST.userFollowed);
      await settle(true);
    },
    onError: (error) =>
      toast.error(failureText(error, TOAST.followFailed), {
        description: followRefusal(error) ?? undefined,
      }),
  });

  const unfollow = useMutation({
    mutationFn: () => rpc.user.unfollow({ userId }),
    onSuccess: async () => {
      toast.success(TOAST.userUnfollowed);
      await settle(false);
    },
    onError: (error) => toast.error(failureText(error, TOAST.unfollowFailed)),
  });

  return {
    /** Follows when `follow` is true, else unfollows. */
    toggle: (shouldFollow: boolean) => (shouldFollow ? follow.mutate() : unfollow.mutate()),
    isPending: follow.isPending || unfollow.isPending,
  };
}
