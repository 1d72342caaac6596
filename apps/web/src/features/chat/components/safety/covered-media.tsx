import { EyeOff, Film, ImageIcon } from "lucide-react";
import { SAFETY_TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { fitWithin, type DisplayMedia } from "../../message-media";

/** The same box the photo takes once shown, so showing it does not move the list. */
const BOX_MAX_PX = 320;

/**
 * A stranger's photo or video before the reader agrees to see it: at most the server's small
 * preview, heavily blurred (never the full file, never anything from another site), with
 * 'Show' and 'Always show in this chat'.
 */
export function CoveredMedia({
  media,
  previewUrl,
  onShow,
  onShowAll,
}: {
  media: DisplayMedia;
  previewUrl: string | null;
  onShow(): void;
  onShowAll(): void;
}) {
  const { width, height } = media;
  const box = width && height ? fitWithin(width, height, BOX_MAX_PX, BOX_MAX_PX) : null;
  const Icon = media.kind === "video" ? Film : ImageIcon;
  return (
    <div
      role="group"
      aria-label={SAFETY_TEXT.mediaCovered}
      data-testid="covered-media"
      className="relative isolate flex w-64 max-w-full min-h-44 flex-col items-center justify-center gap-3 overflow-hidden rounded-2xl border bg-muted p-4 text-center shadow-xs"
      style={box ? { width: box.width, aspectRatio: `${box.width} / ${box.height}` } : undefined}
    >
      {previewUrl ? (
        <img
          src={previewUrl}
          alt=""
          aria-hidden
          loading="lazy"
          decoding="async"
          draggable={false}
          className="absolute inset-0 -z-10 size-full scale-125 object-cover blur-2xl saturate-50"
        />
      ) : (
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-from/25 via-muted to-brand-to/25"
        />
      )}
      <div aria-hidden className="absolute inset-0 -z-10 bg-background/45 dark:bg-background/55" />
      <span className="flex size-10 items-center justify-center rounded-full bg-background/80 text-muted-foreground shadow-sm">
        <EyeOff className="size-5" aria-hidden />
      </span>
      <p className="flex items-center gap-1.5 text-sm font-medium text-foreground">
        <Icon className="size-4 shrink-0 opacity-70" aria-hidden />
        {SAFETY_TEXT.mediaCovered}
      </p>
      <div className="flex flex-col items-center gap-1.5">
        <Button type="button" size="sm" variant="secondary" onClick={onShow} className="shadow-sm">
          {SAFETY_TEXT.showMedia}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="link"
          onClick={onShowAll}
          className="h-auto px-1 py-0.5 text-xs text-foreground/80"
        >
          {SAFETY_TEXT.alwaysShowMedia}
        </Button>
      </div>
    </div>
  );
}
