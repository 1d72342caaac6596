import { EllipsisVertical, Lock, LockOpen, Share2, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { TEXT, type RoomSummary } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useRoomOwnerActions } from "../../hooks/use-room-owner-actions";
import { DeleteRoomDialog } from "./delete-room-dialog";
import { ShareLinkDialog } from "./share-link-dialog";

/**
 * Share (a button: the most used), then lock/unlock and delete in the Room options menu.
 * Shown to the owner only; the server refuses anyone else anyway.
 */
export function RoomOwnerActions({
  room,
  onDeleted,
}: {
  room: RoomSummary;
  onDeleted(roomId: string): void;
}) {
  const actions = useRoomOwnerActions(room, onDeleted);
  const [confirming, setConfirming] = useState(false);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={actions.share} aria-label={TEXT.shareRoom}>
        <Share2 className="size-4" aria-hidden />
        <span className="hidden sm:inline">{TEXT.shareRoom}</span>
      </Button>
      {/* Not modal: the delete dialog opens from it, and two modal layers at once can leave
          the page unclickable when the second one closes. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={menuTrigger}
            variant="ghost"
            size="icon-sm"
            aria-label={TEXT.roomOptions}
            pending={actions.toggleLock.isPending}
          >
            {actions.toggleLock.isPending ? null : <EllipsisVertical className="size-4" />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => actions.toggleLock.mutate()}>
            {room.isLocked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
            {room.isLocked ? TEXT.unlockRoom : TEXT.lockRoom}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            {TEXT.deleteRoom}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteRoomDialog
        open={confirming}
        onOpenChange={setConfirming}
        roomName={room.name}
        pending={actions.remove.isPending}
        onConfirm={() => actions.remove.mutate()}
        returnFocusTo={menuTrigger}
      />
      <ShareLinkDialog link={actions.manualLink} onClose={actions.closeManualLink} />
    </>
  );
}
