import type { MediaType } from "@chatsphere/contract";
import { fourCCAt, uint32At } from "./magic-bytes";

/*
 * MP4, M4A and MOV are ISO base media files: boxes of (size, type), the first an `ftyp`
 * naming the brands the file follows. The major brand says "audio" for M4A and friends;
 * otherwise it is a video, unless the whole `moov` (the track list) arrived with the first
 * bytes and declares sound tracks only (a voice note recorded as .mp4). A `moov` at the end
 * of the file is not waited for: such files stay videos, which play their sound as well.
 */

const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "F4A ", "F4B "]);
const VIDEO_BRANDS = new Set([
  ..."isom iso2 iso3 iso4 iso5 iso6 iso7 iso8 iso9 mp41 mp42 avc1 dash mmp4 MSNV XAVC".split(" "),
  "M4V ",
  "M4VH",
  "M4VP",
  "qt  ",
  "f4v ",
]);
/** HEIF and AVIF pictures are ISO BMFF too; they are not among the chat's types. */
const IMAGE_BRANDS = new Set("avif avis heic heix heim heis hevc hevx mif1 msf1".split(" "));

interface Box {
  type: string;
  contentStart: number;
  /** Where the box ends; may lie past the bytes we have. */
  end: number;
}

/** The boxes between `from` and `to`, as far as the bytes go. */
function* boxes(bytes: Uint8Array, from: number, to: number): Generator<Box> {
  let offset = from;
  while (offset + 8 <= Math.min(to, bytes.length)) {
    const size32 = uint32At(bytes, offset);
    const type = fourCCAt(bytes, offset + 4);
    if (size32 === null || type === null) return;
    let header = 8;
    let size = size32 === 0 ? to - offset : size32;
    if (size32 === 1) {
      const high = uint32At(bytes, offset + 8);
      const low = uint32At(bytes, offset + 12);
      if (high === null || low === null) return;
      header = 16;
      size = high * 2 ** 32 + low;
    }
    if (size < header) return;
    yield { type, contentStart: offset + header, end: offset + size };
    offset += size;
  }
}

const childrenOf = (bytes: Uint8Array, box: Box, type: string) =>
  Array.from(boxes(bytes, box.contentStart, box.end)).filter((child) => child.type === type);

/** The handler types (`vide`, `soun`, ...) of every track, when the whole moov is here. */
function trackHandlers(bytes: Uint8Array): string[] | null {
  for (const top of boxes(bytes, 0, Number.POSITIVE_INFINITY)) {
    if (top.type !== "moov") continue;
    if (top.end > bytes.length) return null;
    return childrenOf(bytes, top, "trak")
      .flatMap((trak) => childrenOf(bytes, trak, "mdia"))
      .flatMap((mdia) => childrenOf(bytes, mdia, "hdlr"))
      .map((hdlr) => fourCCAt(bytes, hdlr.contentStart + 8) ?? "");
  }
  return null;
}

function brandsOf(bytes: Uint8Array): { major: string; all: string[] } | null {
  const size = uint32At(bytes, 0);
  const major = fourCCAt(bytes, 8);
  if (fourCCAt(bytes, 4) !== "ftyp" || size === null || size < 16 || !major) return null;
  const all = [major];
  for (let offset = 16; offset + 4 <= Math.min(size, bytes.length); offset += 4) {
    all.push(fourCCAt(bytes, offset) ?? "");
  }
  return { major, all };
}

export function sniffIsoBmff(bytes: Uint8Array): MediaType | null {
  const brands = brandsOf(bytes);
  if (!brands || brands.all.some((brand) => IMAGE_BRANDS.has(brand))) return null;
  if (AUDIO_BRANDS.has(brands.major)) return "audio/mp4";
  if (!brands.all.some((brand) => VIDEO_BRANDS.has(brand))) return null;
  const handlers = trackHandlers(bytes);
  const soundOnly = handlers?.includes("soun") && !handlers.includes("vide");
  return soundOnly ? "audio/mp4" : "video/mp4";
}
