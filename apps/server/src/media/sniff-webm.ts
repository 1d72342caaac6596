import type { MediaType } from "@chatsphere/contract";

/*
 * WebM is EBML: elements of (variable-length id, variable-length size, data). The header's
 * DocType must be "webm"; the Segment's Tracks element (before the first Cluster, within a
 * few hundred bytes in what browsers record) says whether a video track is declared. None
 * declared in the first bytes means audio (a recorded voice note).
 */

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  cluster: 0x1f43b675,
} as const;
const VIDEO_TRACK_TYPE = 1;

interface VarInt {
  value: number;
  length: number;
  /** All value bits set: an element of unknown size (live recordings). */
  isUnknown: boolean;
}

/** An EBML variable-length integer; ids keep their length marker, sizes drop it. */
function readVarInt(bytes: Uint8Array, offset: number, keepMarker: boolean): VarInt | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length) return null;
  const mask = 0xff >> length;
  let value = keepMarker ? first : first & mask;
  let isUnknown = (first & mask) === mask;
  for (const byte of bytes.subarray(offset + 1, offset + length)) {
    value = value * 256 + byte;
    isUnknown &&= byte === 0xff;
  }
  return { value, length, isUnknown };
}

interface Element {
  id: number;
  dataStart: number;
  end: number;
}

/** The elements between `from` and `to`; one of unknown size is the last (it runs to `to`). */
function* elements(bytes: Uint8Array, from: number, to: number): Generator<Element> {
  let offset = from;
  while (offset < Math.min(to, bytes.length)) {
    const id = readVarInt(bytes, offset, true);
    const size = id && readVarInt(bytes, offset + id.length, false);
    if (!id || !size || id.length > 4) return;
    const dataStart = offset + id.length + size.length;
    const end = size.isUnknown ? to : dataStart + size.value;
    yield { id: id.value, dataStart, end };
    if (size.isUnknown) return;
    offset = end;
  }
}

const childrenOf = (bytes: Uint8Array, parent: Element, id: number) =>
  Array.from(elements(bytes, parent.dataStart, parent.end)).filter((child) => child.id === id);

const dataOf = (bytes: Uint8Array, element: Element) =>
  bytes.subarray(element.dataStart, Math.min(element.end, bytes.length));

const unsignedOf = (data: Uint8Array) => data.reduce((value, byte) => value * 256 + byte, 0);

function declaresVideo(bytes: Uint8Array, tracks: Element): boolean {
  return childrenOf(bytes, tracks, ID.trackEntry).some((entry) =>
    Array.from(elements(bytes, entry.dataStart, entry.end)).some(
      (field) =>
        field.id === ID.video ||
        (field.id === ID.trackType && unsignedOf(dataOf(bytes, field)) === VIDEO_TRACK_TYPE),
    ),
  );
}

export function sniffWebm(bytes: Uint8Array): MediaType | null {
  const header = elements(bytes, 0, Number.POSITIVE_INFINITY).next().value;
  if (!header || header.id !== ID.ebml) return null;
  const [docType] = childrenOf(bytes, header, ID.docType);
  if (!docType || new TextDecoder().decode(dataOf(bytes, docType)) !== "webm") return null;
  const segment = elements(bytes, header.end, Number.POSITIVE_INFINITY).next().value;
  if (!segment) return "audio/webm";
  if (segment.id !== ID.segment) return null;
  for (const child of elements(bytes, segment.dataStart, segment.end)) {
    if (child.id === ID.cluster) break;
    if (child.id === ID.tracks) return declaresVideo(bytes, child) ? "video/webm" : "audio/webm";
  }
  return "audio/webm";
}
