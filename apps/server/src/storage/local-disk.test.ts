import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk";
import { isSafeKey } from "./storage";

const root = mkdtempSync(path.join(tmpdir(), "chatsphere-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalDiskStorage(root);
const options = { contentType: "image/png", cacheControl: "public, max-age=3600" };

describe("local disk storage", () => {
  it("stores bytes with their content type and reads them back", async () => {
    expect(await storage.create("blogs/1.png", new Uint8Array([1, 2, 3]), options)).toBe(true);
    const file = await storage.read("blogs/1.png");
    expect(file).toMatchObject({ size: 3, ...options });
    const body = new Uint8Array(await new Response(file?.body).arrayBuffer());
    expect(Array.from(body)).toEqual([1, 2, 3]);
  });

  it("never overwrites a key", async () => {
    await storage.create("blogs/2.png", new Uint8Array([1]), options);
    expect(await storage.create("blogs/2.png", new Uint8Array([9, 9]), options)).toBe(false);
    expect((await storage.read("blogs/2.png"))?.size).toBe(1);
  });

  it("removes a file and its metadata", async () => {
    await storage.create("blogs/3.png", new Uint8Array([1]), options);
    await storage.remove("blogs/3.png");
    expect(await storage.read("blogs/3.png")).toBeNull();
  });

  it("maps keys to public URLs and back, and only its own URLs", () => {
    expect(storage.publicUrl("blogs/1.png")).toBe("/files/blogs/1.png");
    expect(storage.keyOf("/files/blogs/1.png")).toBe("blogs/1.png");
    expect(storage.keyOf("https://elsewhere.example/files/blogs/1.png")).toBeNull();
    expect(storage.keyOf("/files/../secrets")).toBeNull();
  });

  it.each([
    "../etc/passwd",
    "blogs/../../x",
    "/abs",
    "blogs\\x",
    ".hidden",
    "blogs/.meta",
    "a//b",
    "",
  ])("refuses the unsafe key %j", async (key) => {
    expect(isSafeKey(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
  });

  it("does not serve the metadata sidecars as files", async () => {
    expect(await storage.read("blogs/1.png.meta.json")).toBeNull();
  });
});
