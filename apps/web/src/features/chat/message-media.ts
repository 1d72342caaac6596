export type MediaKind = "image" | "video" | "audio";

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
