import { ArrowLeftRight, LogOut, UsersRound } from "lucide-react";
import { TEXT, type RoomSummary } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";

/** The open room's name and size, with Change Room and members on narrow screens, and Leave. */
export function RoomHeader(props: {
  room: RoomSummary | null;
  joined: boolean;
  leaving: boolean;
  onChange(): void;
  onMembers(): void;
  onLeave(): void;
}) {
  return (
    <header className="flex items-center gap-2 border-b px-3 py-2.5 sm:px-5">
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{props.room?.name ?? "Chat rooms"}</h2>
        <p className="text-xs text-muted-foreground">
          {props.room
            ? `${props.room.memberCount} ${props.room.memberCount === 1 ? "member" : "members"}`
            : "Pick a room to join the conversation"}
        </p>
      </div>
      <Button variant="outline" size="sm" className="lg:hidden" onClick={props.onChange}>
        <ArrowLeftRight className="size-4" />
        {TEXT.changeRoom}
      </Button>
      {props.room && props.joined ? (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            className="lg:hidden"
            onClick={props.onMembers}
            aria-label="Show members"
          >
            <UsersRound className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={props.onLeave}
            pending={props.leaving}
            className="text-destructive hover:text-destructive"
          >
            <LogOut className="size-4" />
            <span className="hidden sm:inline">Leave</span>
          </Button>
        </>
      ) : null}
    </header>
  );
}
