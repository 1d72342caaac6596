import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BLOG_IMAGE_WIDTHS, blogImageSrcSet, blogImageVariantOf } from "@chatsphere/contract";
import { useTestServer } from "./harness";

const t = useTestServer({ withAdmin: true });

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

/** A noisy picture (so encoders cannot make it tiny) of the given size. */
async function picture(width: number, height: number, format: "jpeg" | "png") {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 31) % 256;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await (format === "jpeg" ? image.jpeg() : image.png()).toBuffer());
}

async function upload(bytes: Uint8Array, name: string) {
  const type = name.endsWith(".png") ? "image/png" : "image/jpeg";
  const { url } = await t.admin.client.admin.uploadBlogImage({
    image: new File([bytes], name, { type }),
  });
  return url;
}

async function fetchImage(url: string) {
  const response = await t.server.request(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

describe("blog image variants", () => {
  it("stores a WebP at every width at upload, each served for a year", async () => {
    const url = await upload(await picture(2000, 1125, "jpeg"), "wide.jpg");
    const { response, bytes: original } = await fetchImage(url);
    expect(response.headers.get("cache-control")).toBe(YEAR_IMMUTABLE);

    for (const width of BLOG_IMAGE_WIDTHS) {
      const { response: variant, bytes } = await fetchImage(blogImageVariantOf(url, width));
      expect(variant.status).toBe(200);
      expect(variant.headers.get("content-type")).toBe("image/webp");
      expect(variant.headers.get("cache-control")).toBe(YEAR_IMMUTABLE);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 1125) / 2000));
      expect(bytes.length).toBeLessThan(original.length);
    }
    // They are files beside the original, made at upload (not on request).
    const key = url.replace("/files/", "");
    const stored = await t.server.runtime.services.storage.stat(blogImageVariantOf(key, 480));
    expect(stored).toMatchObject({ contentType: "image/webp", cacheControl: YEAR_IMMUTABLE });
  });

  it("makes none wider than the image: a wider one is answered with the original", async () => {
    const png = await picture(600, 400, "png");
    const url = await upload(png, "narrow.png");
    const key = url.replace("/files/", "");
    const { storage } = t.server.runtime.services;

    expect(await storage.stat(blogImageVariantOf(key, 480))).not.toBeNull();
    const small = await fetchImage(blogImageVariantOf(url, 480));
    expect((await sharp(small.bytes).metadata()).width).toBe(480);

    for (const width of BLOG_IMAGE_WIDTHS.filter((w) => w > 600)) {
      expect(await storage.stat(blogImageVariantOf(key, width))).toBeNull();
      const { response, bytes } = await fetchImage(blogImageVariantOf(url, width));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe(YEAR_IMMUTABLE);
      expect(new Uint8Array(bytes)).toEqual(png);
    }
  });

  it("answers a variant of an image stored before variants with the original, for a year", async () => {
    const { storage } = t.server.runtime.services;
    const jpeg = await picture(1000, 500, "jpeg");
    const key = "blogs/1600000000000.jpg";
    const options = { contentType: "image/jpeg", cacheControl: "public, max-age=3600" };
    expect(await storage.create(key, jpeg, options)).toBe(true);

    const original = await fetchImage(`/files/${key}`);
    expect(original.response.headers.get("cache-control")).toBe(YEAR_IMMUTABLE);
    const { response, bytes } = await fetchImage(`/files/${blogImageVariantOf(key, 800)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(bytes)).toEqual(jpeg);
  });

  it.each([
    "/files/blogs/1500000000000.jpg.800w.webp",
    "/files/blogs/1600000000000.jpg.700w.webp",
    "/files/blogs/1600000000000.jpg.800w.png",
  ])("answers 404 for %s (no such original or not a variant)", async (path) => {
    expect((await t.server.request(path)).status).toBe(404);
  });

  it("offers the widths in srcset for uploads only", () => {
    expect(blogImageSrcSet("/files/blogs/1.jpg")).toBe(
      "/files/blogs/1.jpg.480w.webp 480w, /files/blogs/1.jpg.800w.webp 800w, " +
        "/files/blogs/1.jpg.1200w.webp 1200w, /files/blogs/1.jpg.1600w.webp 1600w",
    );
    expect(blogImageSrcSet("https://example.com/cover.jpg")).toBeUndefined();
    expect(blogImageSrcSet("/files/chat/r1/photo.jpg")).toBeUndefined();
  });
});
