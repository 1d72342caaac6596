import { MEDIA_TYPES, type MediaKind, type MediaType } from "@chatsphere/contract";
import { sniffImageType } from "../storage/sniff";
import { fourCCAt, hasBytesAt } from "./magic-bytes";
import { sniffIsoBmff } from "./sniff-iso-bmff";
import { sniffOgg } from "./sniff-ogg";
import { sniffWebm } from "./sniff-webm";

/*
 * What a chat upload really is, from its first bytes (decision 0005's rule, for photos,
 * videos and voice notes): the name and the browser's claimed type are never trusted. Only
 * the types of MEDIA_TYPES come out; anything else is null.
 */

/** The most a container sniffer reads: its track list follows a header of a few hundred bytes. */
export const MEDIA_SNIFF_BYTES = 64 * 1024;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

export const isMediaType = (type: string): type is MediaType => Object.hasOwn(MEDIA_TYPES, type);

export const mediaKindOf = (type: MediaType): MediaKind => MEDIA_TYPES[type].kind;

/**
 * How many leading bytes `sniffMedia` needs, given the first few: containers (MP4, WebM, Ogg)
 * say whether they hold video only in their track list; everything else is told by its magic.
 */
export function mediaSniffBytes(first: Uint8Array): number {
  const isContainer =
    fourCCAt(first, 4) === "ftyp" || hasBytesAt(first, EBML_MAGIC) || hasBytesAt(first, "OggS");
  return isContainer ? MEDIA_SNIFF_BYTES : first.length;
}

/** An ID3v2 tag (before the first MPEG frame): "ID3", version 2-4, a 28-bit syncsafe size. */
function isId3Tag(bytes: Uint8Array): boolean {
  const version = bytes[3] ?? 0;
  const size = bytes.subarray(6, 10);
  return (
    hasBytesAt(bytes, "ID3") &&
    version >= 2 &&
    version <= 4 &&
    size.length === 4 &&
    size.every((byte) => byte < 0x80)
  );
}

/** An MPEG audio frame header: 11 sync bits, then no reserved version, layer, rate or bitrate. */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const [sync = 0, flags = 0, rates = 0] = bytes;
  if (sync !== 0xff || (flags & 0xe0) !== 0xe0) return false;
  const version = (flags >> 3) & 0b11;
  const layer = (flags >> 1) & 0b11;
  // Layer 0 is reserved for MPEG audio; it is what AAC's ADTS frames carry instead.
  return (
    version !== 0b01 && layer !== 0b00 && rates >> 4 !== 0b1111 && ((rates >> 2) & 0b11) !== 0b11
  );
}

const isWave = (bytes: Uint8Array) => hasBytesAt(bytes, "RIFF") && hasBytesAt(bytes, "WAVE", 8);

export function sniffMedia(bytes: Uint8Array): MediaType | null {
  const image = sniffImageType(bytes);
  // AVIF is an image the blog takes, but not one of the chat's types.
  if (image) return isMediaType(image) ? image : null;
  if (isId3Tag(bytes) || isMpegAudioFrame(bytes)) return "audio/mpeg";
  if (isWave(bytes)) return "audio/wav";
  return sniffIsoBmff(bytes) ?? sniffWebm(bytes) ?? sniffOgg(bytes);
}
