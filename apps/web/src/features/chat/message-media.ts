import type { ChatMessage, MediaKind } from "@chatsphere/contract";

export type { MediaKind };

const EXTENSIONS: [MediaKind, string[]][] = [
  ["image", ["jpg", "jpeg", "png", "gif", "webp"]],
  ["video", ["mp4", "webm", "ogg"]],
  ["audio", ["mp3", "wav"]],
];

/**
 * SPEC §5: a message that is only an http(s) URL to an image, video or audio file renders
 * as that media; anything else is text. `.ogg` counts as video (a player that also plays
 * sound). Never used to render HTML: text stays text.
 */
export function mediaOf(content: string): { kind: MediaKind; url: string } | null {
  const text = content.trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (!extension) return null;
  const kind = EXTENSIONS.find(([, list]) => list.includes(extension))?.[0];
  return kind ? { kind, url: url.toString() } : null;
}

/** What a message shows as media: the full file, a smaller first view, and its size if known. */
export interface DisplayMedia {
  kind: MediaKind;
  url: string;
  /** A small version shown first (images); the full file opens on demand. */
  previewUrl: string | null;
  width: number | null;
  height: number | null;
}

/**
 * A file uploaded into the room (`message.media`, checked by the server) renders by its kind;
 * otherwise the §5 rule decides from the content alone; otherwise null (the content is text).
 */
export function displayMediaOf(
  message: Pick<ChatMessage, "content" | "media">,
): DisplayMedia | null {
  const { media } = message;
  if (media) {
    const sized = media.kind === "image" && (media.width ?? 0) > 0 && (media.height ?? 0) > 0;
    return {
      kind: media.kind,
      url: media.url,
      previewUrl: media.kind === "image" ? media.previewUrl : null,
      width: sized ? media.width : null,
      height: sized ? media.height : null,
    };
  }
  const linked = mediaOf(message.content);
  return linked && { ...linked, previewUrl: null, width: null, height: null };
}

/**
 * The box an image of this size gets in the list: as large as it is, at most `maxWidth` wide
 * and `maxHeight` tall, same proportions. Reserved before the image loads, so nothing jumps.
 */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
