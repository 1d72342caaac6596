import { useState } from "react";
import { TEXT } from "@chatsphere/contract";
import { fitWithin, type DisplayMedia } from "../../message-media";
import { ImageLightbox } from "./image-lightbox";

/** The largest box an image takes in the list; CSS shrinks it further on narrow screens. */
const IMAGE_MAX_PX = 320;

function ImageMedia({ media, onError }: { media: DisplayMedia; onError(): void }) {
  const [open, setOpen] = useState(false);
  const { width, height } = media;
  // With the server's size, the box is reserved before the image arrives: the list does
  // not jump. A bare link (§5) has no size, so it is only bounded.
  const box = width && height ? fitWithin(width, height, IMAGE_MAX_PX, IMAGE_MAX_PX) : null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="relative block max-w-full cursor-zoom-in overflow-hidden rounded-lg bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        style={box ? { width: box.width, aspectRatio: `${width} / ${height}` } : undefined}
      >
        <img
          src={media.previewUrl ?? media.url}
          alt={TEXT.sharedImage}
          width={width ?? undefined}
          height={height ?? undefined}
          loading="lazy"
          decoding="async"
          onError={onError}
          className={
            box ? "absolute inset-0 size-full object-cover" : "max-h-72 max-w-full object-contain"
          }
        />
      </button>
      <ImageLightbox src={media.url} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** A photo (preview, full size on click), a video or an audio player, inside a bubble. */
export function MediaView({ media, onError }: { media: DisplayMedia; onError(): void }) {
  if (media.kind === "image") return <ImageMedia media={media} onError={onError} />;
  if (media.kind === "video") {
    return (
      <video
        src={media.url}
        controls
        preload="metadata"
        playsInline
        aria-label={TEXT.sharedVideo}
        onError={onError}
        className="block max-h-80 w-72 max-w-full rounded-lg bg-black"
      />
    );
  }
  return (
    <audio
      src={media.url}
      controls
      preload="metadata"
      aria-label={TEXT.sharedAudio}
      onError={onError}
      className="block w-64 max-w-full"
    />
  );
}
