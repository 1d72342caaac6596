import { useState, type ReactNode } from "react";
import { SAFETY_TEXT, type ChatMessage } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { CHAT_FONT } from "../../chat-font";
import type { ConversationSafety } from "../../hooks/use-conversation-safety";
import { splitLinks } from "../../safety/message-links";
import { coverPreviewOf, messageViewOf } from "../../safety/message-view";
import { BlockedMessage } from "../safety/blocked-message";
import { CoveredMedia } from "../safety/covered-media";
import { HeldLink } from "../safety/held-link";
import { MediaView } from "./media-view";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/**
 * Text, never HTML: links become anchors built by React (or, held, plain text naming the
 * site with 'Open link'), the rest stays plain text.
 */
function MessageText({
  text,
  mine,
  holdLinks,
}: {
  text: string;
  mine: boolean;
  holdLinks: boolean;
}) {
  return (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap" style={CHAT_FONT}>
      {splitLinks(text).map((part, index) => {
        if (part.kind === "text") return part.text;
        if (holdLinks) return <HeldLink key={index} url={part.url} host={part.host} />;
        return (
          <a
            key={index}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={cn(
              "underline underline-offset-2 break-all",
              mine ? "text-primary-foreground" : "text-primary",
            )}
          >
            {part.url}
          </a>
        );
      })}
    </p>
  );
}

export function MessageBubble({
  message,
  mine,
  showSender,
  safety,
  menu,
}: {
  message: ChatMessage;
  mine: boolean;
  /** Rooms show who wrote each message; a one-to-one chat does not need to. */
  showSender: boolean;
  /** What the reader chose about blocked people, strangers' media and links. */
  safety: ConversationSafety;
  /** Actions on someone else's message (a room's Report and Block). */
  menu?: ReactNode;
}) {
  // Media that fails to load (blocked, gone) falls back to its link, so nothing is lost.
  const [mediaFailed, setMediaFailed] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const choices = { revealed, mediaShown: safety.mediaShown(message.id), mediaFailed };
  const view = messageViewOf(message, safety.context, choices);
  if (view.kind === "blocked") return <BlockedMessage onReveal={() => setRevealed(true)} />;
  const media = view.kind === "media" ? view.media : null;
  const covered = view.kind === "media" && view.covered;
  return (
    <li
      className={cn("group flex items-end gap-2", mine ? "flex-row-reverse" : "flex-row")}
      data-testid="message"
    >
      {showSender && !mine ? (
        <UserAvatar
          name={message.sender.name}
          image={message.sender.image}
          className="size-7 text-xs"
        />
      ) : null}
      <div
        className={cn(
          "flex max-w-[80%] min-w-0 flex-col gap-1 sm:max-w-[70%]",
          mine ? "items-end" : "items-start",
        )}
      >
        {showSender && !mine ? (
          <span className="px-1 text-xs font-medium text-muted-foreground">
            {message.sender.name}
          </span>
        ) : null}
        <div
          className={cn(
            "max-w-full rounded-2xl px-3.5 py-2 shadow-xs",
            media && "bg-transparent p-0 shadow-none",
            !media &&
              (mine
                ? "rounded-br-md bg-primary text-primary-foreground"
                : "rounded-bl-md bg-muted text-foreground"),
          )}
        >
          {view.kind === "media" && covered ? (
            <CoveredMedia
              media={view.media}
              previewUrl={coverPreviewOf(view)}
              onShow={() => safety.showMedia(message.id)}
              onShowAll={safety.showAllMedia}
            />
          ) : media ? (
            <MediaView media={media} onError={() => setMediaFailed(true)} />
          ) : (
            <MessageText
              text={message.content}
              mine={mine}
              holdLinks={view.kind === "text" && view.holdLinks}
            />
          )}
        </div>
        <div className="flex items-center gap-1 px-1">
          <time dateTime={message.createdAt} className="text-[0.7rem] text-muted-foreground">
            {timeFormat.format(new Date(message.createdAt))}
          </time>
          {revealed && safety.context.hiddenSenders?.has(message.senderId) ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              onClick={() => setRevealed(false)}
              className="h-auto px-1 py-0 text-[0.7rem] text-muted-foreground"
            >
              {SAFETY_TEXT.hideBlocked}
            </Button>
          ) : null}
        </div>
      </div>
      {menu && !mine ? (
        <div className="self-center opacity-100 transition-opacity pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100 has-[[data-state=open]]:opacity-100">
          {menu}
        </div>
      ) : null}
    </li>
  );
}
