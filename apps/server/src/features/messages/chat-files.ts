import type { MessageMedia } from "@chatsphere/contract";
import { isMediaType, mediaKindOf } from "../../media/sniff-media";
import type { FileStorage } from "../../storage/storage";

/*
 * Files sent in chats live under their room, `chat/{roomId}/{userId}-{timestamp}-{name}`
 * (SPEC §7), with image previews in `chat/{roomId}/preview/`: the room is in the key, so who
 * may read a file is decided from the key alone (a member of that room), and deleting a room
 * removes its folder.
 */

const CHAT_FOLDER = "chat";
const NAME_MAX_LENGTH = 60;

/**
 * Chat files are private to their room: never kept by a shared cache. A browser keeps them
 * for an hour (keys are never reused, so what it keeps never goes stale).
 */
export const CHAT_FILE_CACHE_CONTROL = "private, max-age=3600";

export const roomFolderOf = (roomId: string) => `${CHAT_FOLDER}/${roomId}`;

/** The room a stored file belongs to, or null for files of no room (blog images). */
export function roomOfKey(key: string): string | null {
  const [folder, roomId, ...rest] = key.split("/");
  return folder === CHAT_FOLDER && roomId && rest.length > 0 ? roomId : null;
}

/**
 * The client's file name made safe for a key: its base name in lower case, accents dropped,
 * anything but a-z 0-9 . _ - turned into "-", at most NAME_MAX_LENGTH characters, then the
 * extension the bytes were checked to have.
 */
export function safeFileName(name: string, extension: string): string {
  const base = name
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .slice(0, NAME_MAX_LENGTH)
    .replace(/^[._-]+|[._-]+$/g, "");
  return `${base || "file"}.${extension}`;
}

export function chatFileKey(file: {
  roomId: string;
  userId: string;
  timestamp: number;
  name: string;
  extension: string;
}): string {
  const name = safeFileName(file.name, file.extension);
  return `${roomFolderOf(file.roomId)}/${file.userId}-${file.timestamp}-${name}`;
}

/** `chat/r/u-1-photo.jpg` -> `chat/r/preview/u-1-photo.webp`: free whenever the file's key is. */
export function previewKeyOf(key: string): string {
  const slash = key.lastIndexOf("/");
  const base = key.slice(slash + 1).replace(/\.[^.]*$/, "");
  return `${key.slice(0, slash)}/preview/${base}.webp`;
}

/** What a message row keeps of the file its content points at. */
export interface StoredMedia {
  type: string;
  width: number | null;
  height: number | null;
  previewKey: string | null;
}

/**
 * The chat file a message's content is the URL of, when it is exactly the URL of a photo,
 * video or audio file stored in this room (a file of another room is plain text here).
 */
export async function storedMediaOf(
  storage: FileStorage,
  roomId: string,
  content: string,
): Promise<StoredMedia | null> {
  const key = storage.keyOf(content);
  if (!key || roomOfKey(key) !== roomId) return null;
  const info = await storage.stat(key);
  if (!info || !isMediaType(info.contentType)) return null;
  const { width = null, height = null, previewKey = null } = info.meta;
  return { type: info.contentType, width, height, previewKey };
}

/** The contract's media of a message, from what its row keeps. */
export function toMessageMedia(
  storage: Pick<FileStorage, "publicUrl">,
  content: string,
  media: StoredMedia | null,
): MessageMedia | null {
  if (!media) return null;
  const previewUrl = media.previewKey ? storage.publicUrl(media.previewKey) : null;
  return messageMedia({ ...media, url: content, previewUrl });
}

/** Media of a known type; null for any other type (a file that is not a photo, video or audio). */
export function messageMedia(media: Omit<MessageMedia, "kind">): MessageMedia | null {
  return isMediaType(media.type) ? { kind: mediaKindOf(media.type), ...media } : null;
}
