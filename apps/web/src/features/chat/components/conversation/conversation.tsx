import { MessagesSquare } from "lucide-react";
import { type ReactNode } from "react";
import { roomChannel, TEXT, type ChatMessage, type EventFrame } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import type { ChannelListener, ChannelSnapshot } from "@/lib/realtime/client";
import { useConversation } from "../../hooks/use-conversation";
import { useConversationSafety, type SafetyMode } from "../../hooks/use-conversation-safety";
import { useTyping } from "../../hooks/use-typing";
import { Composer } from "./composer";
import { DropZone } from "./drop-zone";
import { MessageList } from "./message-list";
import { TypingIndicator } from "./typing-indicator";
import { UploadTray } from "./upload-tray";

interface ConversationProps {
  roomId: string;
  selfId: string;
  /** Rooms label each message with its sender; a one-to-one chat does not. */
  showSender: boolean;
  /**
   * What the reader's safety choices do here: a room hides blocked people's messages, a
   * stranger chat covers the other side's photos and videos (and may hold their links).
   */
  safetyMode: SafetyMode;
  /** Actions on someone else's message (a room's Report and Block). */
  messageMenu?(message: ChatMessage): ReactNode;
  emptyText: string;
  /** Names typists in the indicator (a stranger is just "Stranger"). */
  typistName?(name: string): string;
  /** Room events beyond messages and typing (room closed...) and the channel's fate. */
  onEvent?(frame: EventFrame): void;
  onRefused?: ChannelListener["onRefused"];
  /** Renders the header with the channel state (presence lives there). */
  header?(channel: ChannelSnapshot): ReactNode;
  /** Why sending is off (a direct chat after an unfollow): shown instead of the composer. */
  composerNotice?: string | null;
}

/**
 * Messages, typing and the composer of one room, kept live over the room channel. Files
 * picked, pasted, recorded or dropped anywhere on it go through the same upload queue.
 */
export function Conversation(props: ConversationProps) {
  const typing = useTyping(roomChannel(props.roomId), props.selfId);
  const { messages, isLoading, hasOlder, loadEarlier, channel, send, uploads } = useConversation(
    props.roomId,
    {
      onEvent: (frame) => {
        typing.onEvent(frame);
        props.onEvent?.(frame);
      },
      onRefused: (reason) => props.onRefused?.(reason),
    },
  );
  const safety = useConversationSafety(props.safetyMode, props.selfId);
  const names = typing.typists.map((t) => (props.typistName ? props.typistName(t.name) : t.name));

  return (
    <DropZone
      enabled={channel.ready && !props.composerNotice}
      onFiles={uploads.add}
      className="flex min-h-0 flex-1 flex-col"
    >
      {props.header?.(channel)}
      <MessageList
        messages={messages}
        selfId={props.selfId}
        isLoading={isLoading}
        showSender={props.showSender}
        safety={safety}
        messageMenu={props.messageMenu}
        header={
          hasOlder ? (
            <div className="mb-3 flex justify-center">
              <Button
                variant="ghost"
                size="sm"
                disabled={loadEarlier.isPending}
                onClick={() => loadEarlier.mutate()}
              >
                {TEXT.loadEarlierMessages}
              </Button>
            </div>
          ) : null
        }
        footer={
          <>
            <UploadTray
              items={uploads.items}
              onCancel={uploads.cancel}
              onRetry={uploads.retry}
              onRemove={uploads.remove}
            />
            <TypingIndicator names={names} />
          </>
        }
        empty={
          // A first message on its way is not an empty conversation.
          uploads.items.length > 0 ? null : (
            <div className="flex h-full flex-col items-center justify-center gap-2 py-10 text-center text-muted-foreground">
              <MessagesSquare className="size-10 opacity-40" />
              <p className="text-sm">{props.emptyText}</p>
            </div>
          )
        }
      />
      {props.composerNotice ? (
        <p
          role="status"
          className="border-t bg-muted/40 p-3 text-center text-sm text-muted-foreground"
        >
          {props.composerNotice}
        </p>
      ) : (
        <Composer
          ready={channel.ready}
          onTyping={typing.notifyTyping}
          onFiles={uploads.add}
          onSend={(content) =>
            send.mutateAsync(content).then(
              () => {
                typing.resetTyping();
                return true;
              },
              () => false,
            )
          }
        />
      )}
    </DropZone>
  );
}
