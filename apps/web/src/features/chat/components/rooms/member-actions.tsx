import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban, EllipsisVertical } from "lucide-react";
import { toast } from "sonner";
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

/**
 * The owner's menu on one member (SPEC §6 "Room owner"): Ban. A menu rather than a bare
 * button, so a stray click cannot ban anyone and more actions have a place to go.
 */
export function MemberActions({
  roomId,
  member,
}: {
  roomId: string;
  member: { userId: string; name: string };
}) {
  const queryClient = useQueryClient();
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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={TEXT.memberActions(member.name)}
          pending={ban.isPending}
        >
          {ban.isPending ? null : <EllipsisVertical className="size-4" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem variant="destructive" onSelect={() => ban.mutate()}>
          <Ban aria-hidden />
          {TEXT.ban}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
