import sharp, { type Sharp } from "sharp";
import { MEDIA_ERROR } from "@chatsphere/contract";
import { AppError } from "../errors";

/*
 * Photos are decoded and encoded again before anyone sees them: what comes out is pixels
 * only, turned upright (EXIF orientation applied), in sRGB, without EXIF, GPS, XMP or colour
 * profiles (sharp keeps no metadata unless told to), in the format that came in. Animated
 * GIF and WebP stay animated. The pixel count is checked from the header before decoding, so
 * a small file that would decode to gigabytes (a decompression bomb) is refused first.
 */

export type ImageType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

export const MAX_IMAGE_PIXELS = 40_000_000;
export const PREVIEW_MAX_WIDTH = 480;
/** A preview of a very tall image stays within WebP's 16383 px and a sensible size. */
const PREVIEW_MAX_HEIGHT = 4 * PREVIEW_MAX_WIDTH;

export interface ReencodedImage {
  bytes: Uint8Array;
  /** The size of the (first) frame, as shown. */
  width: number;
  height: number;
  /** A small WebP of the first frame, at most PREVIEW_MAX_WIDTH wide. */
  preview: Uint8Array;
}

/** Broken or cut-off pixel data is refused; the harmless warnings many cameras cause are not. */
const FAIL_ON = "error";

const ENCODERS: Record<ImageType, (image: Sharp) => Sharp> = {
  "image/jpeg": (image) => image.jpeg({ quality: 85 }),
  "image/png": (image) => image.png(),
  "image/gif": (image) => image.gif(),
  "image/webp": (image) => image.webp({ quality: 85 }),
};

const isAnimatable = (type: ImageType) => type === "image/gif" || type === "image/webp";

async function bytesOf(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every frame's pixels, from the header alone; a header sharp cannot read is a 400. */
async function pixelsOf(input: Buffer, animated: boolean): Promise<number> {
  try {
    // The header alone: no limit here, so an oversized one is told as such below.
    const header = sharp(input, { animated, failOn: FAIL_ON, limitInputPixels: false });
    const { width = 0, height = 0 } = await header.metadata();
    return width * height;
  } catch {
    throw new AppError("BAD_REQUEST", MEDIA_ERROR.imageUnreadable);
  }
}

/**
 * A 40-megapixel photo decodes to ~160 MB: photos are re-encoded two at a time per process,
 * the others wait their turn, so a burst of uploads cannot take the server's memory.
 */
const MAX_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than MAX_AT_ONCE images are being decoded (blog images' sizes too). */
export async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function reencodeImage(
  source: AsyncIterable<Uint8Array>,
  type: ImageType,
): Promise<ReencodedImage> {
  return oneOfFew(() => reencode(source, type));
}

async function reencode(source: AsyncIterable<Uint8Array>, type: ImageType) {
  const input = await bytesOf(source);
  const animated = isAnimatable(type);
  if ((await pixelsOf(input, animated)) > MAX_IMAGE_PIXELS) {
    throw new AppError("BAD_REQUEST", MEDIA_ERROR.tooManyPixels(MAX_IMAGE_PIXELS / 1_000_000));
  }
  try {
    const limitInputPixels = MAX_IMAGE_PIXELS;
    const image = sharp(input, { animated, autoOrient: true, limitInputPixels, failOn: FAIL_ON });
    const { data, info } = await ENCODERS[type](image).toBuffer({ resolveWithObject: true });
    const preview = await sharp(data)
      .resize({
        width: PREVIEW_MAX_WIDTH,
        height: PREVIEW_MAX_HEIGHT,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 70 })
      .toBuffer();
    // Frames of an animation are stacked: the height of one is the page height.
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height, preview };
  } catch {
    // The header was fine but the pixels are not (truncated or corrupt data).
    throw new AppError("BAD_REQUEST", MEDIA_ERROR.imageUnreadable);
  }
}
