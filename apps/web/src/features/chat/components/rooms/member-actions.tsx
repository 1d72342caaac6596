import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban, EllipsisVertical } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { TEXT, TOAST } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { rpc } from "@/lib/rpc";
import { failureText } from "@/lib/rpc-error";
import { membersQuery, refreshRoomLists } from "../../api";
import { FollowMenuItem, useMemberFollow } from "../following/follow-menu-item";
import { SafetyDialogs, SafetyMenuItems, useSafetyDialog } from "../safety/safety-menu";

/**
 * The menu on one member: Follow or Unfollow for registered members (SPEC §4 "Follow"), Ban
 * for the room's owner (SPEC §6 "Room owner"), and Report and Block for everyone (issue 14).
 * A menu rather than bare buttons, so a stray click cannot ban anyone. Not modal: the report
 * and block dialogs open from it.
 */
export function MemberActions({
  roomId,
  member,
  canBan,
  canFollow,
}: {
  roomId: string;
  member: { userId: string; name: string };
  canBan: boolean;
  canFollow: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const person = { id: member.userId, name: member.name };
  const dialogs = useSafetyDialog();
  const follow = useMemberFollow(member.userId, open && canFollow);
  const ban = useMutation({
    mutationFn: () => rpc.room.ban({ roomId, userId: member.userId }),
    onSuccess: async () => {
      toast.success(TOAST.userBanned);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQuery(roomId).queryKey }),
        refreshRoomLists(queryClient),
      ]);
    },
    onError: (error) => toast.error(failureText(error, TOAST.banFailed)),
  });
  return (
    <>
      <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon-sm"
            aria-label={TEXT.memberActions(member.name)}
            pending={ban.isPending || follow.isPending}
          >
            {ban.isPending || follow.isPending ? null : <EllipsisVertical className="size-4" />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canFollow ? <FollowMenuItem follow={follow} /> : null}
          {canBan ? (
            <DropdownMenuItem variant="destructive" onSelect={() => ban.mutate()}>
              <Ban aria-hidden />
              {TEXT.ban}
            </DropdownMenuItem>
          ) : null}
          <SafetyMenuItems
            person={person}
            dialogs={dialogs}
            canReport
            separated={canFollow || canBan}
          />
        </DropdownMenuContent>
      </DropdownMenu>
      <SafetyDialogs dialogs={dialogs} person={person} roomId={roomId} returnFocusTo={trigger} />
    </>
  );
}
