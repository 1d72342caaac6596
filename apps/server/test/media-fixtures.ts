import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../src/db/client";
import { message, room, roomMember } from "../src/db/schema";
import type { TestServer, TestUser } from "./harness";

/*
 * Chat media for tests: small files with just the structure the sniffers read (an MP4 with a
 * video track, a WebM voice note, an MP3), photos made with sharp, and what a refused upload
 * must not leave behind (chat files, temporary files, message rows).
 */

const ascii = (text: string) => Buffer.from(text, "latin1");
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(body.length + 8), ascii(type), body]);
};
const ebml = (id: number[], ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
};
/** Bytes that look like media data and differ from offset to offset (for range checks). */
export const patterned = (length: number) =>
  Buffer.from(Uint8Array.from({ length }, (_, i) => (i * 7 + 3) % 251));

/** An MP4 with a video track whose data (mdat) is `dataBytes` long. */
export const mp4Video = (dataBytes = 4096) =>
  Buffer.concat([
    box("ftyp", ascii("isom"), u32(512), ascii("isommp41")),
    box("moov", box("trak", box("mdia", box("hdlr", u32(0), u32(0), ascii("vide"))))),
    box("mdat", patterned(dataBytes)),
  ]);

/** A WebM as a browser records a voice note: one audio (Opus) track, then clusters. */
export const webmVoiceNote = (dataBytes = 2048) =>
  Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], ascii("webm"))),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ebml(
      [0x16, 0x54, 0xae, 0x6b],
      ebml([0xae], ebml([0xd7], Buffer.from([1])), ebml([0x83], Buffer.from([2]))),
    ),
    Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    patterned(dataBytes),
  ]);

/** An MP3: an ID3v2.4 tag, then MPEG-1 Layer III frame headers. */
export const mp3 = (dataBytes = 1024) =>
  Buffer.concat([
    ascii("ID3"),
    Buffer.from([4, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    patterned(dataBytes),
  ]);

/** A photo taken sideways (EXIF orientation 6) with a camera name and a GPS position. */
export async function jpegWithExifAndGps(width = 64, height = 32) {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "SecretCam", Model: "Spy 3000" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 29/1" },
    })
    .toBuffer();
}

/** True when EXIF data points to a GPS block (tag 0x8825, in the data's byte order). */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const isLittleEndian = exif.includes("II*\0");
  return exif.includes(Buffer.from(isLittleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

export const pngImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: "#ff000080" } })
    .png()
    .toBuffer();

/**
 * A decompression bomb: a tiny PNG whose header claims `width` x `height` pixels (its IHDR
 * rewritten, checksum included), gigabytes once decoded.
 */
export async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await pngImage(1, 1));
  // Signature (8), IHDR length (4), "IHDR" (4), width, height, ...; the CRC follows its 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A GIF of three frames of `width` x `height`. */
export function animatedGif(width = 12, height = 10) {
  const frame = width * height * 4;
  const raw = Buffer.alloc(frame * 3);
  for (let i = 0; i < raw.length; i += 4)
    raw.set([i < frame ? 255 : 0, i >= 2 * frame ? 255 : 0, 80, 255], i);
  return sharp(raw, { raw: { width, height: height * 3, channels: 4, pageHeight: height } })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
}

export const file = (bytes: Uint8Array, name: string, type = "application/octet-stream") =>
  new File([bytes], name, { type });

/** A room of `kind` with these members, made directly (its own procedures have their own tests). */
export async function chatRoom(
  db: Database,
  kind: "user" | "stranger" | "direct",
  ...members: TestUser[]
) {
  const roomId = `r${randomUUID().replaceAll("-", "")}`;
  await db.insert(room).values({ id: roomId, name: `Room ${roomId}`, kind });
  if (members.length > 0) {
    await db.insert(roomMember).values(members.map((m) => ({ roomId, userId: m.id })));
  }
  return roomId;
}

const filesUnder = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
};

/** Everything a chat upload can leave: files under chat/, temporary files, message rows. */
export async function chatTraces(server: TestServer) {
  const root = path.join(server.dataDir, "files");
  const [rows] = await server.runtime.services.db.select({ n: count() }).from(message);
  return {
    chatFiles: filesUnder(path.join(root, "chat")).sort(),
    temporaryFiles: filesUnder(root).filter((name) => path.basename(name).startsWith(".tmp-")),
    messages: rows?.n ?? 0,
  };
}

export const messagesOf = (db: Database, roomId: string) =>
  db.select().from(message).where(eq(message.roomId, roomId));
