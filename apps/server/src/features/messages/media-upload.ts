import {
  MEDIA_ERROR,
  MEDIA_KINDS,
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  PERMISSION,
  uploadMediaInput,
  type MediaKind,
  type MessageMedia,
} from "@chatsphere/contract";
import type { z } from "zod";
import { AppError } from "../../errors";
import { reencodeImage, type ImageType } from "../../media/reencode-image";
import { isMediaType, mediaKindOf, mediaSniffBytes, sniffMedia } from "../../media/sniff-media";
import type { PreparedFile, UploadRoute } from "../../uploads/upload-route";
import { signedIn } from "../../uploads/upload-tiers";
import { CHAT_FILE_CACHE_CONTROL, chatFileKey, messageMedia, previewKeyOf } from "./chat-files";
import { assertMayUploadToDirect } from "./direct-send";
import { mayUseRoom } from "./queries";

/**
 * `message.uploadMedia`: a photo, video or voice note for a room the caller is in (any chat:
 * stranger, room, direct; guests too, they chat with strangers). Membership is checked as
 * soon as the `roomId` arrives, before the file is read; each kind has its own size limit,
 * applied from the moment the first bytes tell the kind. Photos are re-encoded (no EXIF or
 * GPS) with a preview; videos and audio are stored as received. The answer's URL is then
 * sent as the message (message.send recognises it).
 */

const MB = 1024 * 1024;
const largestKind = MEDIA_KINDS.reduce((a, b) =>
  MEDIA_MAX_BYTES[a] >= MEDIA_MAX_BYTES[b] ? a : b,
);
const tooLargeText = (kind: MediaKind) => MEDIA_ERROR.tooLarge(kind, MEDIA_MAX_BYTES[kind] / MB);

const mediaFields = uploadMediaInput.omit({ file: true });
type MediaFields = z.infer<typeof mediaFields>;

const isImage = (type: string): type is ImageType =>
  isMediaType(type) && mediaKindOf(type) === "image";

async function prepare(file: { open(): AsyncIterable<Uint8Array> }, type: string) {
  if (!isImage(type)) return { bytes: null, meta: {}, preview: null } satisfies PreparedFile;
  const image = await reencodeImage(file.open(), type);
  return {
    bytes: image.bytes,
    meta: { width: image.width, height: image.height },
    preview: { bytes: image.preview, contentType: "image/webp" },
  } satisfies PreparedFile;
}

export const mediaUpload: UploadRoute<MediaFields> = {
  procedure: "message.uploadMedia",
  field: "file",
  tier: signedIn,
  maxBytes: MEDIA_MAX_BYTES[largestKind],
  input: mediaFields,
  async authorize(caller, input, services) {
    const params = { roomId: input.roomId, userId: caller.user.id };
    if (!(await mayUseRoom(services.db, params))) {
      throw new AppError("FORBIDDEN", PERMISSION.notRoomMember);
    }
    // A direct chat's rules (mutual follow, three unanswered) hold for its files too.
    await assertMayUploadToDirect(services.db, { roomId: params.roomId, senderId: params.userId });
  },
  types: Object.fromEntries(Object.entries(MEDIA_TYPES).map(([type, t]) => [type, t.extensions])),
  sniffBytes: mediaSniffBytes,
  sniff: sniffMedia,
  limitOf(type) {
    const kind = isMediaType(type) ? mediaKindOf(type) : largestKind;
    return { maxBytes: MEDIA_MAX_BYTES[kind], message: tooLargeText(kind) };
  },
  prepare: (file, accepted) => prepare(file, accepted.contentType),
  key: (file, attempt) =>
    chatFileKey({
      roomId: file.input.roomId,
      userId: file.caller.user.id,
      timestamp: file.receivedAt + attempt,
      name: file.name,
      extension: file.extension,
    }),
  previewKey: previewKeyOf,
  cacheControl: CHAT_FILE_CACHE_CONTROL,
  messages: {
    tooLarge: tooLargeText(largestKind),
    empty: MEDIA_ERROR.empty,
    typeUnsupported: MEDIA_ERROR.typeUnsupported,
    extensionMismatch: MEDIA_ERROR.extensionMismatch,
  },
  output(stored): { url: string; media: MessageMedia } {
    const { url, contentType: type, previewUrl } = stored;
    const { width = null, height = null } = stored.meta;
    const media = messageMedia({ type, url, width, height, previewUrl });
    // The sniffer only ever accepts media types.
    if (!media) throw new Error(`message.uploadMedia stored a ${type}`);
    return { url, media };
  },
};
