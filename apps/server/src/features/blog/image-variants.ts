import sharp from "sharp";
import { BLOG_IMAGE_WIDTHS, blogImageVariantOf } from "@chatsphere/contract";
import { MAX_IMAGE_PIXELS, oneOfFew } from "../../media/reencode-image";
import type { Rendition } from "../../uploads/upload-route";

/** WebP quality of the variants: a photo at 800 px is ~50-80 KB, no visible loss on a page. */
const VARIANT_QUALITY = 78;
/** EXIF orientations 5-8 turn the picture a quarter: its shown width is the stored height. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

/**
 * The WebP variants of an uploaded blog image (decision 0030): one per BLOG_IMAGE_WIDTHS width
 * not wider than the image as shown (upright), animated when the original is, with no
 * metadata. They are an optimisation only: an image sharp cannot read, one of more than
 * MAX_IMAGE_PIXELS (checked from the header, before decoding) or a width that fails to encode
 * (WebP stops at 16383 px, a very tall image) simply has fewer variants, and pages then load
 * the original under that variant's address (http/files.ts).
 */
export function blogImageVariants(source: AsyncIterable<Uint8Array>): Promise<Rendition[]> {
  return oneOfFew(() => makeVariants(source));
}

async function makeVariants(source: AsyncIterable<Uint8Array>): Promise<Rendition[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  const input = Buffer.concat(chunks);
  let shownWidth: number;
  let animated: boolean;
  try {
    const header = await sharp(input, { limitInputPixels: false }).metadata();
    const { width = 0, height = 0, orientation = 1, pages = 1 } = header;
    if (width * height * pages > MAX_IMAGE_PIXELS) return [];
    shownWidth = QUARTER_TURNS.has(orientation) ? height : width;
    animated = pages > 1;
  } catch {
    return [];
  }
  const image = sharp(input, {
    animated,
    autoOrient: true,
    limitInputPixels: MAX_IMAGE_PIXELS,
    failOn: "error",
  });
  const renditions: Rendition[] = [];
  for (const width of BLOG_IMAGE_WIDTHS.filter((w) => w <= shownWidth)) {
    try {
      const bytes = await image
        .clone()
        .resize({ width })
        .webp({ quality: VARIANT_QUALITY })
        .toBuffer();
      renditions.push({
        keyOf: (key) => blogImageVariantOf(key, width),
        bytes,
        contentType: "image/webp",
      });
    } catch {
      // Left out: pages get the original at this width.
    }
  }
  return renditions;
}
