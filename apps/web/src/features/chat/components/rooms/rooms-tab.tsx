import { MessagesSquare } from "lucide-react";
import { useState } from "react";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { useRoomSelection } from "../../hooks/use-room-selection";
import { Conversation } from "../conversation/conversation";
import { MembersPanel } from "./members-panel";
import { RoomHeader } from "./room-header";
import { RoomList } from "./room-list";

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
  const selection = useRoomSelection(roomId);
  const [picking, setPicking] = useState(false);
  const [showMembers, setShowMembers] = useState(false);
  const { current, joined } = selection;
  const list = (
    <RoomList
      rooms={selection.rooms}
      isLoading={selection.isLoading}
      pager={selection.pager}
      currentId={roomId}
      onSelect={(id) => {
        setPicking(false);
        selection.select(id);
      }}
    />
  );

  return (
    <div className="flex h-full min-h-0">
      <aside
        className="hidden w-72 shrink-0 overflow-y-auto border-r bg-muted/30 lg:block"
        aria-label="Room list"
      >
        {list}
      </aside>
      <section className="flex min-w-0 flex-1 flex-col">
        <RoomHeader
          room={current}
          joined={joined}
          leaving={selection.leaving}
          onChange={() => setPicking(true)}
          onMembers={() => setShowMembers(true)}
          onLeave={selection.leave}
        />
        {current && joined ? (
          <Conversation
            key={current.id}
            roomId={current.id}
            selfId={self.id}
            showSender
            emptyText={`No messages in ${current.name} yet. Start the conversation!`}
          />
        ) : (
          <EmptyRoom joining={selection.joining} onPick={() => setPicking(true)} />
        )}
      </section>
      {current && joined ? (
        <aside
          // Focusable, so keyboard users can scroll a long member list.
          tabIndex={0}
          className="hidden w-64 shrink-0 overflow-y-auto border-l lg:block"
          aria-label="Room members"
        >
          <MembersPanel roomId={current.id} selfId={self.id} total={current.memberCount} />
        </aside>
      ) : null}
      <Dialog open={picking} onOpenChange={setPicking}>
        <DialogContent className="max-h-[80dvh] p-0">
          <DialogHeader className="p-5 pb-0">
            <DialogTitle>{TEXT.changeRoom}</DialogTitle>
          </DialogHeader>
          <div className="overflow-y-auto pb-3">{list}</div>
        </DialogContent>
      </Dialog>
      <Sheet open={showMembers} onOpenChange={setShowMembers}>
        <SheetContent side="right" className="p-0 pt-4">
          <SheetTitle className="px-5">{current?.name ?? "Members"}</SheetTitle>
          {current && joined ? (
            <MembersPanel roomId={current.id} selfId={self.id} total={current.memberCount} />
          ) : null}
        </SheetContent>
      </Sheet>
    </div>
  );
}

function EmptyRoom({ joining, onPick }: { joining: boolean; onPick(): void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
      {joining ? (
        <Spinner className="size-6" label="Joining room" />
      ) : (
        <>
          <MessagesSquare className="size-12 opacity-40" />
          <p className="max-w-xs text-sm">Pick a room to see what people are talking about.</p>
          <Button variant="outline" className="lg:hidden" onClick={onPick}>
            {TEXT.changeRoom}
          </Button>
        </>
      )}
    </div>
  );
}
