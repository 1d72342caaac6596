import { UserMinus, UserPlus } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { useFollow } from "../../hooks/use-follow";

interface FollowButtonProps {
  person: { id: string; name: string };
  /** You follow them: the button unfollows. */
  isFollowing: boolean;
  /** They follow you: following them reads 'Follow back'. */
  isFollower?: boolean;
  /** The answer is still coming: the button waits. */
  loading?: boolean;
  /** In a list of people, screen readers also hear whom the button is for. */
  nameInLabel?: boolean;
  /** A crowded header: below the small breakpoint only the icon shows (the name stays). */
  compact?: boolean;
}

/** Follow, Follow back or Unfollow one person (stranger chat, the Following lists, a DM). */
export function FollowButton({ person, isFollowing, ...props }: FollowButtonProps) {
  const { toggle, isPending } = useFollow(person.id);
  const label = isFollowing ? TEXT.unfollow : props.isFollower ? TEXT.followBack : TEXT.follow;
  const Icon = isFollowing ? UserMinus : UserPlus;
  return (
    <Button
      type="button"
      variant={isFollowing ? "outline" : "secondary"}
      size="sm"
      className="shrink-0"
      pending={isPending}
      disabled={props.loading}
      onClick={() => toggle(!isFollowing)}
    >
      {isPending ? null : <Icon aria-hidden />}
      <span className={props.compact ? "max-sm:sr-only" : undefined}>{label}</span>
      {props.nameInLabel ? <span className="sr-only"> {person.name}</span> : null}
    </Button>
  );
}
