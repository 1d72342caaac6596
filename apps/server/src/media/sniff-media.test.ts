import { describe, expect, it } from "vitest";
import { MEDIA_SNIFF_BYTES, mediaSniffBytes, sniffMedia } from "./sniff-media";

/* Small crafted files: just the structure each sniffer reads, built byte by byte. */

type Part = number[] | string | Uint8Array;
const bytes = (...parts: Part[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === "string" ? Array.from(part, (c) => c.charCodeAt(0)) : Array.from(part),
    ),
  );
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

// ISO BMFF: boxes of (size, type, content).
const box = (type: string, ...content: Part[]) => {
  const body = bytes(...content);
  return bytes(u32(body.length + 8), type, body);
};
const ftyp = (major: string, ...compatible: string[]) => box("ftyp", major, u32(0), ...compatible);
const track = (handler: string) =>
  box("trak", box("tkhd", new Uint8Array(20)), box("mdia", box("hdlr", u32(0), u32(0), handler)));
const moov = (...handlers: string[]) =>
  box("moov", box("mvhd", new Uint8Array(20)), ...handlers.map(track));

// EBML: (id, size as a 1-byte varint, data).
const el = (id: number[], ...content: Part[]) => {
  const body = bytes(...content);
  return bytes(id, [0x80 | body.length], body);
};
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const webmHeader = (docType = "webm") => el(EBML, el([0x42, 0x82], docType));
const trackEntry = (type: number) => el([0xae], el([0xd7], [1]), el([0x83], [type]));
const tracks = (...types: number[]) => el([0x16, 0x54, 0xae, 0x6b], ...types.map(trackEntry));
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const segment = (...children: Uint8Array[]) =>
  bytes([0x18, 0x53, 0x80, 0x67], UNKNOWN_SIZE, ...children);
const info = el([0x15, 0x49, 0xa9, 0x66], el([0x4d, 0x80], "Chrome"));

// Ogg: one beginning-of-stream page per codec.
const oggPage = (packet: Part, flags = 0x02) => {
  const data = bytes(packet);
  return bytes(
    "OggS",
    [0, flags],
    new Array(8).fill(0),
    u32(1),
    u32(0),
    u32(0),
    [1, data.length],
    data,
  );
};

describe("sniffMedia", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe1], "Exif"), "image/jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
    ["GIF", bytes("GIF89a", [1, 0, 1, 0]), "image/gif"],
    ["WebP", bytes("RIFF", u32(0), "WEBPVP8 "), "image/webp"],
    [
      "an MP4 with video and sound",
      bytes(ftyp("isom", "isom", "mp41"), moov("vide", "soun")),
      "video/mp4",
    ],
    [
      "an MP4 whose track list comes last",
      bytes(ftyp("mp42", "isom"), box("mdat", "....")),
      "video/mp4",
    ],
    ["a MOV", bytes(ftyp("qt  ", "qt  "), moov("vide")), "video/mp4"],
    ["an M4A (audio brand)", bytes(ftyp("M4A ", "M4A ", "mp42", "isom")), "audio/mp4"],
    [
      "an MP4 with sound tracks only",
      bytes(ftyp("iso5", "iso5", "mp41"), moov("soun")),
      "audio/mp4",
    ],
    [
      "an MP4 whose sound-only track list is cut off",
      bytes(ftyp("iso5", "iso5", "mp41"), moov("soun")).subarray(0, -4),
      "video/mp4",
    ],
    ["a WebM with a video track", bytes(webmHeader(), segment(info, tracks(1, 2))), "video/webm"],
    [
      "a WebM with an audio track only",
      bytes(webmHeader(), segment(info, tracks(2))),
      "audio/webm",
    ],
    ["a WebM cut before its tracks", bytes(webmHeader(), segment(info)), "audio/webm"],
    [
      "an Ogg with Theora and Vorbis",
      bytes(oggPage([0x80, ...Buffer.from("theora")]), oggPage([1, ...Buffer.from("vorbis")])),
      "video/ogg",
    ],
    ["an Ogg Vorbis", bytes(oggPage([1, ...Buffer.from("vorbis")])), "audio/ogg"],
    ["an Ogg Opus after a skeleton", bytes(oggPage("fishead\0"), oggPage("OpusHead")), "audio/ogg"],
    ["an MP3 with an ID3 tag", bytes("ID3", [4, 0, 0, 0, 0, 0x02, 0x01]), "audio/mpeg"],
    ["an MP3 frame", bytes([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
    ["a WAV", bytes("RIFF", u32(36), "WAVEfmt "), "audio/wav"],
  ])("recognises %s", (_name, data, type) => {
    expect(sniffMedia(data)).toBe(type);
  });

  it.each([
    ["nothing", bytes()],
    ["HTML", bytes("<!doctype html><script>alert(1)</script>")],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ["a PDF", bytes("%PDF-1.7\n")],
    ["a ZIP", bytes("PK", [3, 4, 20, 0])],
    ["an executable", bytes("MZ", [0x90, 0, 3, 0])],
    ["an AVIF picture", bytes(ftyp("avif", "avif", "mif1", "miaf"))],
    ["a HEIC picture", bytes(ftyp("heic", "mif1", "heic"))],
    ["an MP4 of an unknown brand", bytes(ftyp("3gp4", "3gp4"))],
    ["a Matroska file", bytes(webmHeader("matroska"), segment(tracks(1)))],
    ["an Ogg FLAC", bytes(oggPage([0x7f, ...Buffer.from("FLAC")]))],
    ["an Ogg page that begins no stream", bytes(oggPage("OpusHead", 0))],
    ["an AAC (ADTS) frame", bytes([0xff, 0xf1, 0x50, 0x80])],
    ["an ID3 tag of a reserved version", bytes("ID3", [9, 0, 0, 0, 0, 0, 0])],
    ["an AVI", bytes("RIFF", u32(0), "AVI LIST")],
    ["a truncated JPEG", bytes([0xff, 0xd8])],
  ])("refuses %s", (_name, data) => {
    expect(sniffMedia(data)).toBeNull();
  });
});

describe("mediaSniffBytes", () => {
  it("asks containers for their track list and reads magic numbers alone otherwise", () => {
    expect(mediaSniffBytes(bytes(ftyp("isom", "isom")))).toBe(MEDIA_SNIFF_BYTES);
    expect(mediaSniffBytes(webmHeader())).toBe(MEDIA_SNIFF_BYTES);
    expect(mediaSniffBytes(oggPage("OpusHead"))).toBe(MEDIA_SNIFF_BYTES);
    const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0], new Uint8Array(60));
    expect(mediaSniffBytes(jpeg)).toBe(jpeg.length);
  });
});
