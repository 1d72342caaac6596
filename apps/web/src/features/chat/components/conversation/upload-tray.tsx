import { AudioLines, Film, RotateCw, Trash2, X } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { canCancel, type UploadItem } from "../../media/upload-queue";

/** The local file at once: an image thumbnail, a video's first frame, an icon for audio. */
function Thumbnail({ item }: { item: UploadItem }) {
  const frame = "relative size-12 shrink-0 overflow-hidden rounded-lg bg-muted";
  if (item.kind === "image" && item.previewUrl) {
    return (
      <div className={frame}>
        <img src={item.previewUrl} alt="" className="size-full object-cover" />
      </div>
    );
  }
  if (item.kind === "video" && item.previewUrl) {
    return (
      <div className={frame}>
        <video src={item.previewUrl} muted preload="metadata" className="size-full object-cover" />
        <Film className="absolute right-0.5 bottom-0.5 size-3.5 text-white drop-shadow" />
      </div>
    );
  }
  return (
    <div className={cn(frame, "flex items-center justify-center text-muted-foreground")}>
      <AudioLines className="size-5" />
    </div>
  );
}

function statusText(item: UploadItem): string {
  if (item.status === "failed") return item.error ?? "";
  if (item.status === "queued") return TEXT.waitingToUpload;
  if (item.status === "sending") return TEXT.sendingFile;
  return `${TEXT.uploading} ${Math.round(item.progress * 100)}%`;
}

function UploadRow({ item, ...actions }: { item: UploadItem } & UploadTrayActions) {
  const failed = item.status === "failed";
  const percent = Math.round((item.status === "sending" ? 1 : item.progress) * 100);
  return (
    <li
      className="ml-auto flex w-72 max-w-[85%] items-center gap-2.5 rounded-2xl border bg-card p-2 text-card-foreground shadow-xs"
      data-testid="upload"
    >
      <Thumbnail item={item} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-xs font-medium" title={item.name}>
          {item.name}
        </p>
        {failed ? null : (
          <div
            role="progressbar"
            aria-label={item.name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-200"
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
        <p
          className={cn(
            "mt-1 text-[0.7rem]",
            failed ? "text-destructive" : "text-muted-foreground",
          )}
          role={failed ? "alert" : undefined}
        >
          {statusText(item)}
        </p>
      </div>
      {canCancel(item) ? (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={TEXT.cancelUpload}
          title={TEXT.cancelUpload}
          onClick={() => actions.onCancel(item.id)}
        >
          <X />
        </Button>
      ) : null}
      {failed ? (
        <>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={TEXT.retryUpload}
            title={TEXT.retryUpload}
            onClick={() => actions.onRetry(item.id)}
          >
            <RotateCw />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={TEXT.removeUpload}
            title={TEXT.removeUpload}
            onClick={() => actions.onRemove(item.id)}
          >
            <Trash2 />
          </Button>
        </>
      ) : null}
    </li>
  );
}

interface UploadTrayActions {
  onCancel(id: string): void;
  onRetry(id: string): void;
  onRemove(id: string): void;
}

/** The files on their way, below the conversation's last message (they are the newest). */
export function UploadTray({ items, ...actions }: { items: UploadItem[] } & UploadTrayActions) {
  if (items.length === 0) return null;
  return (
    <ol className="mt-3 flex flex-col gap-2" aria-label={TEXT.uploadsHeading}>
      {items.map((item) => (
        <UploadRow key={item.id} item={item} {...actions} />
      ))}
    </ol>
  );
}
