import type { MediaType } from "@chatsphere/contract";
import { ascii, hasBytesAt } from "./magic-bytes";

/*
 * Ogg is a sequence of pages ("OggS", a header, a segment table, data). A file opens with one
 * beginning-of-stream page per logical stream, each holding that codec's identification
 * packet: Theora makes it a video, Vorbis or Opus alone an audio file. Anything else (FLAC,
 * Speex, a skeleton without media) is not among the chat's types.
 */

const PAGE_HEADER_BYTES = 27;
const BEGINNING_OF_STREAM = 0x02;

type Codec = "theora" | "vorbis" | "opus" | "skeleton" | "other";

function codecOf(packet: Uint8Array): Codec {
  if (hasBytesAt(packet, [0x80, ...ascii("theora")])) return "theora";
  if (hasBytesAt(packet, [0x01, ...ascii("vorbis")])) return "vorbis";
  if (hasBytesAt(packet, "OpusHead")) return "opus";
  if (hasBytesAt(packet, "fishead\0")) return "skeleton";
  return "other";
}

/** The codecs of the streams that begin on the first pages (as far as the bytes go). */
function beginningCodecs(bytes: Uint8Array): Codec[] {
  const codecs: Codec[] = [];
  let offset = 0;
  while (hasBytesAt(bytes, "OggS", offset)) {
    const flags = bytes[offset + 5] ?? 0;
    const segmentCount = bytes[offset + 26];
    if (!(flags & BEGINNING_OF_STREAM) || segmentCount === undefined) break;
    const table = bytes.subarray(
      offset + PAGE_HEADER_BYTES,
      offset + PAGE_HEADER_BYTES + segmentCount,
    );
    if (table.length < segmentCount) break;
    const dataStart = offset + PAGE_HEADER_BYTES + segmentCount;
    codecs.push(codecOf(bytes.subarray(dataStart)));
    offset = dataStart + table.reduce((sum, size) => sum + size, 0);
  }
  return codecs;
}

export function sniffOgg(bytes: Uint8Array): MediaType | null {
  if (!hasBytesAt(bytes, "OggS")) return null;
  const codecs = beginningCodecs(bytes).filter((codec) => codec !== "skeleton");
  if (codecs.length === 0 || codecs.includes("other")) return null;
  return codecs.includes("theora") ? "video/ogg" : "audio/ogg";
}
