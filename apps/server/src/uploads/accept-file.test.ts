import { describe, expect, it } from "vitest";
import { CONTENT_ERROR } from "@chatsphere/contract";
import { blogImageUpload } from "../features/blog/image-upload";
import { acceptFile, readHead } from "./accept-file";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function* chunksOf(bytes: number[], size: number) {
  for (let i = 0; i < bytes.length; i += size) yield Uint8Array.from(bytes.slice(i, i + size));
}

async function collect(source: AsyncIterable<Uint8Array>) {
  const all: number[] = [];
  for await (const chunk of source) all.push(...chunk);
  return all;
}

describe("readHead", () => {
  it("gathers the first bytes across small chunks and still yields every byte once", async () => {
    const bytes = Array.from({ length: 200 }, (_, i) => i);
    const { head, bytes: rest } = await readHead(chunksOf(bytes, 3), 64);
    expect(head.byteLength).toBeGreaterThanOrEqual(64);
    expect(Array.from(head.subarray(0, 64))).toEqual(bytes.slice(0, 64));
    expect(await collect(rest)).toEqual(bytes);
  });

  it("turns a failing source into a 400, not a server error", async () => {
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(4);
      throw new Error("Unexpected end of form");
    }
    await expect(readHead(broken(), 64)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: CONTENT_ERROR.uploadUnreadable,
    });
  });
});

describe("acceptFile", () => {
  const png = Uint8Array.from([...PNG_SIGNATURE, 0, 0]);

  it("takes the type from the bytes and keeps an agreeing extension", () => {
    expect(acceptFile(blogImageUpload, png, "Cover.PNG")).toEqual({
      contentType: "image/png",
      extension: "png",
    });
    expect(acceptFile(blogImageUpload, png, "cover")).toMatchObject({ extension: "png" });
  });

  it.each([
    ["an empty file", new Uint8Array(0), "a.png", "BAD_REQUEST"],
    [
      "text named .png",
      new TextEncoder().encode("hello, not an image"),
      "a.png",
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["a PNG named .jpg", png, "a.jpg", "UNSUPPORTED_MEDIA_TYPE"],
  ])("refuses %s", (_name, head, fileName, code) => {
    expect(() => acceptFile(blogImageUpload, head, fileName)).toThrow(
      expect.objectContaining({ code }),
    );
  });
});
