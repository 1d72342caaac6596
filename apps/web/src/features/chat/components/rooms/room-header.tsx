import { ArrowLeftRight, Lock, LogOut, UsersRound } from "lucide-react";
import type { Ref } from "react";
import { TEXT, type RoomSummary } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { RoomOwnerActions } from "./room-owner-actions";

/**
 * The open room's name, lock and size; Change Room and members on narrow screens; the
 * owner's actions, or Leave for everyone else (SPEC §6 "Room owner").
 */
export function RoomHeader({
  membersButtonRef,
  ...props
}: {
  room: RoomSummary | null;
  joined: boolean;
  isOwner: boolean;
  wide: boolean;
  leaving: boolean;
  onChange(): void;
  onMembers(): void;
  /** The members button, so the members sheet can give focus back to it when it closes. */
  membersButtonRef?: Ref<HTMLButtonElement>;
  onLeave(): void;
  onDeleted(roomId: string): void;
}) {
  const { room } = props;
  const open = room !== null && props.joined;
  return (
    <header className="flex items-center gap-2 border-b px-3 py-2.5 sm:px-5">
      {room ? (
        <UserAvatar
          name={room.name}
          image={room.avatar}
          className="hidden size-9 rounded-xl text-sm sm:flex"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <h2 className="flex items-center gap-1.5 font-semibold">
          <span className="truncate">{room?.name ?? TEXT.roomsHeading}</span>
          {room?.isLocked ? (
            <Lock
              role="img"
              aria-label={TEXT.roomLocked}
              className="size-4 shrink-0 text-muted-foreground"
            />
          ) : null}
        </h2>
        <p className="text-xs text-muted-foreground">
          {room ? TEXT.memberCount(room.memberCount) : TEXT.pickRoomHint}
        </p>
      </div>
      {props.wide ? null : (
        <Button variant="outline" size="sm" onClick={props.onChange}>
          <ArrowLeftRight className="size-4" aria-hidden />
          {TEXT.changeRoom}
        </Button>
      )}
      {open && !props.wide ? (
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={props.onMembers}
          ref={membersButtonRef}
          aria-label={TEXT.showMembers}
        >
          <UsersRound className="size-4" aria-hidden />
        </Button>
      ) : null}
      {open && props.isOwner ? <RoomOwnerActions room={room} onDeleted={props.onDeleted} /> : null}
      {open && !props.isOwner ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={props.onLeave}
          pending={props.leaving}
          aria-label={TEXT.leaveRoom}
          className="text-destructive hover:text-destructive"
        >
          <LogOut className="size-4" aria-hidden />
          <span className="hidden sm:inline">{TEXT.leaveRoom}</span>
        </Button>
      ) : null}
    </header>
  );
}
