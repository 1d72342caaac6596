import { useState } from "react";
import type { ChatMessage } from "@chatsphere/contract";
import { UserAvatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import { CHAT_FONT } from "../../chat-font";
import { displayMediaOf } from "../../message-media";
import { MediaView } from "./media-view";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Text, never HTML: links become anchors built by React, the rest stays plain text. */
function MessageText({ text, mine }: { text: string; mine: boolean }) {
  return (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap" style={CHAT_FONT}>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={part}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={cn(
              "underline underline-offset-2 break-all",
              mine ? "text-primary-foreground" : "text-primary",
            )}
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export function MessageBubble({
  message,
  mine,
  showSender,
}: {
  message: ChatMessage;
  mine: boolean;
  /** Rooms show who wrote each message; a one-to-one chat does not need to. */
  showSender: boolean;
}) {
  // Media that fails to load (blocked, gone) falls back to its link, so nothing is lost.
  const [mediaFailed, setMediaFailed] = useState(false);
  const media = mediaFailed ? null : displayMediaOf(message);
  return (
    <li
      className={cn("flex items-end gap-2", mine ? "flex-row-reverse" : "flex-row")}
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
          {media ? (
            <MediaView media={media} onError={() => setMediaFailed(true)} />
          ) : (
            <MessageText text={message.content} mine={mine} />
          )}
        </div>
        <time dateTime={message.createdAt} className="px-1 text-[0.7rem] text-muted-foreground">
          {timeFormat.format(new Date(message.createdAt))}
        </time>
      </div>
    </li>
  );
}
