import { LogOut, SkipForward } from "lucide-react";
import { useEffect, useRef } from "react";
import { roomChannel, SAFETY_TEXT, type StrangerRoom } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useChannel } from "@/lib/realtime/hooks";
import { Conversation } from "../conversation/conversation";
import { SafetyMenu } from "../safety/safety-menu";
import { StrangerFollow } from "./stranger-follow";

interface StrangerConversationProps {
  room: StrangerRoom;
  selfId: string;
  onSkip(): void;
  onLeave(): void;
  /** The other side left (room closed by them, or gone from the room's presence). */
  onStrangerLeft(roomId: string): void;
  /** The server refused or ended our subscription (the chat ended while we were away). */
  onLost(roomId: string): void;
}

export function StrangerConversation({ room, selfId, ...props }: StrangerConversationProps) {
  const { presence } = useChannel(roomChannel(room.id));
  const partnerSeen = useRef(false);
  const here = presence?.entries.has(room.partner.id) ?? false;
  const { onStrangerLeft } = props;

  // A process that died never closes the room; its users just vanish from presence.
  useEffect(() => {
    if (here) partnerSeen.current = true;
    else if (partnerSeen.current && presence) onStrangerLeft(room.id);
  }, [here, presence, room.id, onStrangerLeft]);

  return (
    <Conversation
      roomId={room.id}
      selfId={selfId}
      showSender={false}
      safetyMode="stranger"
      emptyText={`You're now chatting with ${room.partner.name}. Say hi!`}
      typistName={() => room.partner.name}
      onEvent={(frame) => {
        if (frame.event !== "room_closed" || frame.payload.byUserId === selfId) return;
        // A skip is announced on our own channel (stranger_skipped) with its own text.
        if (frame.payload.reason !== "skipped") onStrangerLeft(room.id);
      }}
      onRefused={(reason) => {
        // "ended" always comes with room_closed or stranger_skipped, which say why.
        if (reason === "forbidden") props.onLost(room.id);
      }}
      header={() => (
        <header className="flex items-center gap-2 border-b px-3 py-2.5 sm:gap-3 sm:px-5">
          <div className="relative">
            <UserAvatar name={room.partner.name} image={room.partner.image} />
            <span
              className={`absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-background ${here ? "bg-success" : "bg-muted-foreground/40"}`}
              aria-hidden
            />
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold" data-testid="partner-name">
              {room.partner.name}
            </p>
            <p className="flex min-w-0 items-center gap-1.5 overflow-hidden text-xs text-muted-foreground">
              Stranger <Badge variant="secondary">{room.continent}</Badge>
            </p>
          </div>
          <StrangerFollow roomId={room.id} partner={room.partner} selfId={selfId} />
          {/* Blocking ends the chat as Skip does: the pair is never matched again. */}
          <SafetyMenu
            person={room.partner}
            roomId={room.id}
            onBlocked={props.onSkip}
            label={SAFETY_TEXT.moreOptions(room.partner.name)}
          />
          <Button variant="outline" size="sm" onClick={props.onSkip}>
            <SkipForward className="size-4" />
            Skip
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={props.onLeave}
            className="text-destructive hover:text-destructive max-sm:px-2"
          >
            <LogOut className="size-4" />
            {/* A crowded header on a phone: the icon alone (the name stays for screen readers). */}
            <span className="max-sm:sr-only">Leave</span>
          </Button>
        </header>
      )}
    />
  );
}
