import { useEffect, useRef, type ReactNode } from "react";
import type { ChatMessage } from "@chatsphere/contract";
import { Skeleton } from "@/components/ui/skeleton";
import type { ConversationSafety } from "../../hooks/use-conversation-safety";
import { MessageBubble } from "./message-bubble";

/** The conversation, newest at the bottom; it follows new messages unless the reader scrolled up. */
export function MessageList({
  messages,
  selfId,
  isLoading,
  showSender,
  safety,
  messageMenu,
  empty,
  header,
  footer,
}: {
  messages: ChatMessage[];
  selfId: string;
  isLoading: boolean;
  showSender: boolean;
  safety: ConversationSafety;
  /** Actions on someone else's message (a room's Report and Block). */
  messageMenu?(message: ChatMessage): ReactNode;
  empty: ReactNode;
  /** Above the messages, e.g. "Load earlier messages". */
  header?: ReactNode;
  footer?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, footer]);

  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
      aria-live="polite"
      // Focusable, so keyboard users can scroll back through the conversation.
      tabIndex={0}
      role="log"
      aria-label="Conversation"
    >
      {isLoading ? (
        <div className="grid gap-3">
          <Skeleton className="h-10 w-48 rounded-2xl" />
          <Skeleton className="ml-auto h-10 w-56 rounded-2xl" />
          <Skeleton className="h-10 w-40 rounded-2xl" />
        </div>
      ) : messages.length === 0 ? (
        empty
      ) : (
        <>
          {header}
          <ol className="flex flex-col gap-3" aria-label="Messages">
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.senderId === selfId}
                showSender={showSender}
                safety={safety}
                menu={message.senderId === selfId ? null : messageMenu?.(message)}
              />
            ))}
          </ol>
        </>
      )}
      {footer}
    </div>
  );
}
