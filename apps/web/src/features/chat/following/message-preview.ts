import { MEDIA_TYPES, TEXT, type MediaKind } from "@chatsphere/contract";

/*
 * How the latest message of a direct chat reads beside the person's name in the Mutual list:
 * its text on one line, or what kind of file it is. The list only has the content, so a file
 * is known by its URL, as in the conversation (SPEC §5: a message that is only a URL to a
 * photo, video or audio file shows as that file).
 */

const KINDS_BY_EXTENSION = new Map<string, Set<MediaKind>>();
for (const { kind, extensions } of Object.values(MEDIA_TYPES)) {
  for (const extension of extensions) {
    const kinds = KINDS_BY_EXTENSION.get(extension) ?? new Set<MediaKind>();
    KINDS_BY_EXTENSION.set(extension, kinds.add(kind));
  }
}

const MEDIA_LABEL: Record<MediaKind, string> = {
  image: TEXT.previewPhoto,
  video: TEXT.previewVideo,
  audio: TEXT.previewVoiceNote,
};

/** The path of an http(s) URL, or of a path-absolute one (chat files are `/files/chat/...`). */
function urlPath(text: string): string | null {
  if (/\s/.test(text) || !(/^https?:\/\//i.test(text) || text.startsWith("/"))) return null;
  try {
    return new URL(text, "http://chat.invalid").pathname;
  } catch {
    return null;
  }
}

/** The kind of file a message's content points at, or null when it is text. */
export function mediaKindOfContent(content: string): MediaKind | null {
  const path = urlPath(content.trim());
  if (!path) return null;
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const extension = /\.([a-z0-9]+)$/.exec(name)?.[1];
  const kinds = extension ? KINDS_BY_EXTENSION.get(extension) : undefined;
  if (!kinds) return null;
  // webm, ogg and mp4 carry sound or pictures; a recorded voice note keeps its name.
  if (kinds.has("audio") && (kinds.size === 1 || name.includes("voice-note"))) return "audio";
  return kinds.has("video") ? "video" : "image";
}

/** The preview line: "No messages yet", the text, or "Photo" / "Video" / "Voice note". */
export function latestPreview(latest: { content: string; fromMe: boolean } | null): string {
  if (!latest) return TEXT.noMessagesYet;
  const kind = mediaKindOfContent(latest.content);
  const text = kind ? MEDIA_LABEL[kind] : latest.content.replace(/\s+/g, " ").trim();
  return latest.fromMe ? TEXT.previewFromMe(text) : text;
}
