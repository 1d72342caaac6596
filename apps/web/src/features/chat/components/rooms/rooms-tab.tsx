import { MessagesSquare } from "lucide-react";
import { useRef, useState } from "react";
import { DELETED_USER, SAFETY_TEXT, TEXT, type ChatMessage } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { useMarkRoomRead } from "../../hooks/use-mark-room-read";
import { useRoomSelection } from "../../hooks/use-room-selection";
import { useWideLayout } from "../../hooks/use-wide-layout";
import { Conversation } from "../conversation/conversation";
import { SafetyMenu } from "../safety/safety-menu";
import { MembersPanel } from "./members-panel";
import { RoomHeader } from "./room-header";
import { RoomPicker } from "./room-picker";

/**
 * Chat rooms (SPEC §2): on wide screens three columns (rooms, conversation, members); on
 * narrow ones the conversation alone, with a 'Change Room' dialog and a members sheet.
 */
export function RoomsTab({
  self,
  roomId,
}: {
  self: { id: string; name: string };
  roomId?: string;
}) {
  const wide = useWideLayout();
  const selection = useRoomSelection(roomId, self.id);
  const [picking, setPicking] = useState(false);
  const [showMembers, setShowMembers] = useState(false);
  const membersButton = useRef<HTMLButtonElement>(null);
  const { current, joined, isOwner } = selection;
  const open = current && joined ? current : null;
  useMarkRoomRead(open?.id ?? null, self.id);

  const picker = (
    <RoomPicker
      lists={selection.lists}
      currentId={roomId}
      onSelect={(id) => {
        setPicking(false);
        selection.select(id);
      }}
      onCreated={(room) => {
        setPicking(false);
        selection.created(room);
      }}
    />
  );
  const members = open ? (
    <MembersPanel
      roomId={open.id}
      selfId={self.id}
      total={open.memberCount}
      canModerate={isOwner}
    />
  ) : null;

  return (
    <div className="flex h-full min-h-0">
      {wide ? (
        <aside
          className="w-72 shrink-0 overflow-y-auto border-r bg-muted/30"
          aria-label={TEXT.roomListLabel}
        >
          {picker}
        </aside>
      ) : null}
      <section
        className="flex min-w-0 flex-1 flex-col"
        aria-label={open?.name ?? TEXT.roomsHeading}
      >
        <RoomHeader
          room={current}
          joined={joined}
          isOwner={isOwner}
          wide={wide}
          leaving={selection.leaving}
          onChange={() => setPicking(true)}
          onMembers={() => setShowMembers(true)}
          membersButtonRef={membersButton}
          onLeave={selection.leave}
          onDeleted={selection.exit}
        />
        {open ? (
          <Conversation
            key={open.id}
            roomId={open.id}
            selfId={self.id}
            showSender
            safetyMode="room"
            messageMenu={(message) => messageMenuOf(open.id, message)}
            emptyText={TEXT.emptyRoom(open.name)}
          />
        ) : (
          <EmptyRoom joining={selection.joining} wide={wide} onPick={() => setPicking(true)} />
        )}
      </section>
      {wide && members ? (
        // Focusable, so keyboard users can scroll a long member list.
        <aside
          tabIndex={0}
          className="w-64 shrink-0 overflow-y-auto border-l"
          aria-label={TEXT.membersList}
        >
          {members}
        </aside>
      ) : null}
      <Dialog open={picking && !wide} onOpenChange={setPicking}>
        <DialogContent className="max-h-[85dvh] p-0">
          <DialogHeader className="p-5 pb-0">
            <DialogTitle>{TEXT.changeRoom}</DialogTitle>
          </DialogHeader>
          <div className="overflow-y-auto">{picker}</div>
        </DialogContent>
      </Dialog>
      <Sheet open={showMembers && !wide && members !== null} onOpenChange={setShowMembers}>
        <SheetContent
          side="right"
          className="p-0 pt-4"
          // The element that opened the sheet may have been re-rendered away meanwhile (a ban
          // changes the header): focus goes back to the members button itself.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            membersButton.current?.focus();
          }}
        >
          <SheetTitle className="px-5">{open?.name ?? TEXT.membersList}</SheetTitle>
          <div className="min-h-0 flex-1 overflow-y-auto">{members}</div>
        </SheetContent>
      </Sheet>
    </div>
  );
}

/** Report this message, or block its sender, from a small menu beside it. */
function messageMenuOf(roomId: string, message: ChatMessage) {
  if (message.senderId === DELETED_USER.id) return null;
  return (
    <SafetyMenu
      person={message.sender}
      roomId={roomId}
      messageId={message.id}
      label={SAFETY_TEXT.messageOptions(message.sender.name)}
      reportLabel={SAFETY_TEXT.reportMessage}
      align="start"
      className="size-7 text-muted-foreground"
    />
  );
}

function EmptyRoom({ joining, wide, onPick }: { joining: boolean; wide: boolean; onPick(): void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
      {joining ? (
        <Spinner className="size-6" label={TEXT.joiningRoom} />
      ) : (
        <>
          <MessagesSquare className="size-12 opacity-40" aria-hidden />
          <p className="max-w-xs text-sm">{TEXT.pickRoomBody}</p>
          {wide ? null : (
            <Button variant="outline" onClick={onPick}>
              {TEXT.changeRoom}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
