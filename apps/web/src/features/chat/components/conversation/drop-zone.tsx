import { ImageUp } from "lucide-react";
import { useState, type DragEvent, type ReactNode } from "react";
import { TEXT } from "@chatsphere/contract";
import { cn } from "@/lib/cn";

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * Files dragged over the conversation are sent when dropped. While a drag is on, an overlay
 * covers the area and takes the drag events itself: with no children under the pointer, one
 * dragleave means the drag really left. A drop is always taken, so a file dropped while the
 * channel connects never makes the browser navigate away to open it.
 */
export function DropZone({
  enabled,
  onFiles,
  children,
  className,
}: {
  enabled: boolean;
  onFiles(files: File[]): void;
  children: ReactNode;
  className?: string;
}) {
  const [isOver, setIsOver] = useState(false);

  const take = (event: DragEvent) => {
    if (!carriesFiles(event)) return false;
    event.preventDefault();
    return true;
  };

  return (
    <div
      className={cn("relative", className)}
      onDragEnter={(event) => {
        if (take(event) && enabled) setIsOver(true);
      }}
      onDragOver={(event) => {
        if (take(event)) event.dataTransfer.dropEffect = enabled ? "copy" : "none";
      }}
      onDrop={(event) => {
        take(event);
      }}
    >
      {children}
      {isOver ? (
        <div
          className="absolute inset-0 z-20 flex items-center justify-center bg-background/85 p-6 backdrop-blur-sm"
          onDragOver={(event) => {
            if (take(event)) event.dataTransfer.dropEffect = "copy";
          }}
          onDragLeave={() => setIsOver(false)}
          onDrop={(event) => {
            event.stopPropagation();
            setIsOver(false);
            if (!take(event)) return;
            const files = Array.from(event.dataTransfer.files);
            if (files.length > 0) onFiles(files);
          }}
        >
          <div className="pointer-events-none flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-primary/60 px-10 py-8 text-primary">
            <ImageUp className="size-10" />
            <p className="text-base font-semibold">{TEXT.dropToSend}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
