import { ArrowLeft } from "lucide-react";
import { SAFETY_TEXT, TEXT, type ChatUser } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { SafetyMenu } from "../safety/safety-menu";
import { FollowButton } from "./follow-button";

/**
 * Whom the direct chat is with, whether they are online (known for people you follow), and
 * Unfollow (or Follow again), Report and Block; on narrow screens a way back to the lists.
 */
export function DirectChatHeader({
  person,
  roomId,
  online,
  flags,
  onBack,
}: {
  person: ChatUser;
  /** The pair's chat, once known (a report is made from it). */
  roomId: string | null;
  online: boolean | null;
  flags: { isFollowing?: boolean; isFollower?: boolean };
  onBack?(): void;
}) {
  return (
    <header className="flex items-center gap-3 border-b px-3 py-2.5 sm:px-5">
      {onBack ? (
        <Button variant="ghost" size="icon-sm" onClick={onBack} aria-label={TEXT.backToFollowing}>
          <ArrowLeft aria-hidden />
        </Button>
      ) : null}
      <span className="relative shrink-0">
        <UserAvatar name={person.name} image={person.image} />
        {online === null ? null : (
          <span
            className={cn(
              "absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-background",
              online ? "bg-success" : "bg-muted-foreground/40",
            )}
            aria-hidden
          />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{person.name}</h2>
        {online === null ? null : (
          <p className="text-xs text-muted-foreground">{online ? TEXT.online : TEXT.offline}</p>
        )}
      </div>
      <FollowButton
        person={person}
        isFollowing={flags.isFollowing ?? true}
        isFollower={flags.isFollower}
        loading={flags.isFollowing === undefined}
      />
      <SafetyMenu person={person} roomId={roomId} label={SAFETY_TEXT.moreOptions(person.name)} />
    </header>
  );
}
