import { useQuery } from "@tanstack/react-query";
import { UserMinus, UserPlus } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { isFollowingQuery } from "../../api";
import { useFollow } from "../../hooks/use-follow";

/**
 * Follow or Unfollow from a member's menu. Whether you follow them is asked only while the
 * menu is open: a global room lists thousands of members, and nobody needs all the answers.
 * Held by the menu's owner (not the item, which goes when the menu closes) so the action's
 * progress can show on the menu button.
 */
export function useMemberFollow(userId: string, menuOpen: boolean) {
  const following = useQuery({ ...isFollowingQuery(userId), enabled: menuOpen });
  const { toggle, isPending } = useFollow(userId);
  const isFollowing = following.data ?? false;
  return {
    isFollowing,
    isLoading: following.isPending,
    isPending,
    toggle: () => toggle(!isFollowing),
  };
}

export function FollowMenuItem({ follow }: { follow: ReturnType<typeof useMemberFollow> }) {
  return (
    <DropdownMenuItem disabled={follow.isLoading || follow.isPending} onSelect={follow.toggle}>
      {follow.isFollowing ? <UserMinus aria-hidden /> : <UserPlus aria-hidden />}
      {follow.isFollowing ? TEXT.unfollow : TEXT.follow}
    </DropdownMenuItem>
  );
}
