import { useMutation, useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { roomChannel, TEXT, TOAST, type ChatUser } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { useChannel } from "@/lib/realtime/hooks";
import { rpc } from "@/lib/rpc";
import { useSession } from "@/lib/session/use-session";
import { isFollowingQuery } from "../../api";
import { FollowButton } from "../following/follow-button";
import { LinkAccountDialog } from "../link-account-dialog";

/**
 * Following in a stranger chat (SPEC §6): a registered user follows or unfollows the partner;
 * a guest's Follow tells the partner they would like to, and asks the guest to link an
 * account. The partner's side of that, the follow_attempt notice, is heard here too.
 */
export function StrangerFollow({
  roomId,
  partner,
  selfId,
}: {
  roomId: string;
  partner: ChatUser;
  selfId: string;
}) {
  const { data: session } = useSession();
  useChannel(roomChannel(roomId), {
    onEvent: (frame) => {
      if (frame.event !== "follow_attempt" || frame.payload.userId === selfId) return;
      toast.info(TOAST.followAttempt(frame.payload.name));
    },
  });
  if (!session) return null;
  if (session.user.isAnonymous) return <GuestFollowButton roomId={roomId} />;
  return <PartnerFollowButton partner={partner} />;
}

function PartnerFollowButton({ partner }: { partner: ChatUser }) {
  const following = useQuery(isFollowingQuery(partner.id));
  return (
    <FollowButton
      person={partner}
      isFollowing={following.data ?? false}
      loading={following.isPending}
      compact
    />
  );
}

function GuestFollowButton({ roomId }: { roomId: string }) {
  const [asking, setAsking] = useState(false);
  // The notice to the partner is a courtesy: if it fails, the dialog still says what to do.
  const attempt = useMutation({ mutationFn: () => rpc.user.followAttempt({ roomId }) });
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="shrink-0"
        onClick={() => {
          attempt.mutate();
          setAsking(true);
        }}
      >
        <UserPlus aria-hidden />
        <span className="max-sm:sr-only">{TEXT.follow}</span>
      </Button>
      <LinkAccountDialog open={asking} onCancel={() => setAsking(false)} />
    </>
  );
}
