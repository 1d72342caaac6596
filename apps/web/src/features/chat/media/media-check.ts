import {
  MEDIA_ERROR,
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  type MediaKind,
  type MediaType,
} from "@chatsphere/contract";

/** What the checks need of a File (so they run without a DOM). */
export interface FileFacts {
  name: string;
  /** The type the browser declared (from the name, usually; may be empty or carry codecs). */
  type: string;
  size: number;
}

export type MediaCheck =
  { ok: true; kind: MediaKind; type: MediaType; name: string } | { ok: false; error: string };

/** Names browsers and systems use for types the contract knows under another name. */
const TYPE_ALIASES: Record<string, MediaType> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/mp3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "video/quicktime": "video/mp4",
  "video/x-m4v": "video/mp4",
};

const isMediaType = (type: string): type is MediaType => Object.hasOwn(MEDIA_TYPES, type);

export const extensionOf = (name: string) =>
  /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? null;

/** The contract's type for a declared MIME type ("audio/webm;codecs=opus" -> "audio/webm"). */
export function normalizeType(declared: string): MediaType | null {
  const bare = declared.split(";")[0]?.trim().toLowerCase() ?? "";
  if (isMediaType(bare)) return bare;
  return TYPE_ALIASES[bare] ?? null;
}

function typeOf(file: FileFacts): MediaType | null {
  const declared = normalizeType(file.type);
  if (declared) return declared;
  // A declared type we know is not media (image/heic, text/plain...) is a refusal; only a
  // missing or generic one (some systems send application/octet-stream) falls back to the name.
  if (file.type && file.type !== "application/octet-stream") return null;
  const extension = extensionOf(file.name);
  const byName = Object.entries(MEDIA_TYPES).find(([, info]) =>
    (info.extensions as readonly string[]).includes(extension ?? ""),
  );
  return byName && isMediaType(byName[0]) ? byName[0] : null;
}

/**
 * The server refuses a name whose extension does not fit the bytes' type, so a name without
 * one, or with another (a pasted "image" or a renamed file), gets the type's first extension.
 */
export function mediaFileName(name: string, type: MediaType, fallbackBase = "file"): string {
  const extensions: readonly string[] = MEDIA_TYPES[type].extensions;
  const extension = extensionOf(name);
  if (extension && extensions.includes(extension)) return name;
  const base = (extension ? name.slice(0, -(extension.length + 1)) : name).trim();
  return `${base || fallbackBase}.${extensions[0] ?? "bin"}`;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * The contract's limits before a byte leaves the browser: a refusal here is instant and
 * saves a useless upload. The server checks the bytes again (the type from the content).
 */
export function checkMediaFile(file: FileFacts): MediaCheck {
  const type = typeOf(file);
  if (!type) return { ok: false, error: MEDIA_ERROR.typeUnsupported };
  const { kind } = MEDIA_TYPES[type];
  if (file.size === 0) return { ok: false, error: MEDIA_ERROR.empty };
  const max = MEDIA_MAX_BYTES[kind];
  if (file.size > max) return { ok: false, error: MEDIA_ERROR.tooLarge(kind, megabytes(max)) };
  return { ok: true, kind, type, name: mediaFileName(file.name, type) };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "voice-note-20250131-142501.webm": a recording has no name of its own. */
export function voiceNoteName(type: MediaType, at: Date): string {
  const stamp =
    `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-` +
    `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return mediaFileName(`voice-note-${stamp}`, type);
}
