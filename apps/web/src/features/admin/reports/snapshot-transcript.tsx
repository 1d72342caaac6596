import { FileIcon, ImageIcon, Mic, Trash2, Video } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { SAFETY_TEXT } from "@chatsphere/contract";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { TranscriptLine } from "./transcript";

const MEDIA_ICON = { image: ImageIcon, video: Video, audio: Mic, file: FileIcon } as const;

interface SnapshotTranscriptProps {
  lines: TranscriptLine[];
  /** Asks to delete a line's message (only lines that are `deletable` offer it). */
  onDelete: (line: TranscriptLine) => void;
  /** A deletion of this report is under way. */
  deleting: boolean;
}

/**
 * The conversation as it was when the report was made, oldest first, in a box of its own
 * height: it opens at the reported message, else at the newest (the last before the report).
 */
export function SnapshotTranscript({ lines, onDelete, deleting }: SnapshotTranscriptProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const reportedId = lines.find((line) => line.reported)?.id;

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const target = reportedId
      ? list.querySelector<HTMLElement>("[data-reported]")
      : list.lastElementChild;
    if (!(target instanceof HTMLElement)) return;
    // The reported message a third down the box, with what led to it above; else the end.
    list.scrollTop = reportedId
      ? Math.max(0, target.offsetTop - list.clientHeight / 3)
      : list.scrollHeight;
  }, [reportedId]);

  if (lines.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        {SAFETY_TEXT.emptySnapshot}
      </p>
    );
  }
  return (
    <ol
      ref={listRef}
      aria-label={SAFETY_TEXT.snapshot}
      // Scrolls on its own: keyboard users reach it too.
      tabIndex={0}
      className="relative max-h-80 divide-y overflow-y-auto overscroll-contain rounded-lg border bg-muted/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {lines.map((line) => (
        <TranscriptRow key={line.id} line={line} onDelete={onDelete} deleting={deleting} />
      ))}
    </ol>
  );
}

function TranscriptRow({
  line,
  onDelete,
  deleting,
}: {
  line: TranscriptLine;
  onDelete: (line: TranscriptLine) => void;
  deleting: boolean;
}) {
  const MediaIcon = line.media ? MEDIA_ICON[line.media] : null;
  return (
    <li
      data-reported={line.reported || undefined}
      data-gone={line.gone || undefined}
      className={cn(
        "flex items-start gap-2 px-3 py-2",
        line.reported &&
          "bg-amber-50 shadow-[inset_3px_0_0_var(--color-amber-500)] dark:bg-amber-500/10",
      )}
    >
      {/* A deleted message is struck through and muted, not faded: faded text fails contrast. */}
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className={cn(
              "text-sm font-semibold wrap-anywhere",
              line.fromReported && "text-primary",
            )}
          >
            {line.sender}
          </span>
          <time
            dateTime={line.at}
            className="text-xs whitespace-nowrap text-muted-foreground tabular-nums"
          >
            {line.time}
          </time>
          {line.reported ? (
            <Badge variant="warning" className="font-medium">
              {SAFETY_TEXT.reportedMessage}
            </Badge>
          ) : null}
          {line.gone ? (
            <Badge variant="outline" className="font-medium text-muted-foreground">
              <Trash2 className="size-3" aria-hidden /> {SAFETY_TEXT.messageGone}
            </Badge>
          ) : null}
        </div>
        <p
          className={cn(
            "text-sm whitespace-pre-wrap wrap-anywhere",
            line.gone && "text-muted-foreground line-through decoration-foreground/50",
          )}
        >
          {MediaIcon ? (
            <span className="inline-flex items-center gap-1.5 text-muted-foreground italic">
              <MediaIcon className="size-4" aria-hidden />
              {line.text}
            </span>
          ) : (
            line.text
          )}
        </p>
      </div>
      {line.deletable ? (
        <Button
          variant="ghost"
          size="icon-sm"
          className="-my-1 shrink-0 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
          aria-label={SAFETY_TEXT.deleteMessageOf(line.sender, line.time)}
          title={SAFETY_TEXT.deleteMessage}
          disabled={deleting}
          onClick={() => onDelete(line)}
        >
          <Trash2 aria-hidden />
        </Button>
      ) : null}
    </li>
  );
}
