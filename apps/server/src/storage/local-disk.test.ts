import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk";
import { FileTooLargeError, isSafeKey } from "./storage";

const root = mkdtempSync(path.join(tmpdir(), "chatsphere-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalDiskStorage(root);
const options = { contentType: "image/png", cacheControl: "public, max-age=3600" };
const temporaryFiles = () => readdirSync(root).filter((name) => name.startsWith(".tmp-"));

async function* chunks(count: number, size: number) {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(i);
}

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

  it("stages a stream, then commits it under a key without overwriting", async () => {
    const staged = await storage.stage(chunks(3, 4), 12);
    expect(staged.size).toBe(12);
    expect(await staged.commit("blogs/4.png", options)).toBe(true);
    expect(await staged.commit("blogs/4.png", options)).toBe(false);
    await staged.discard();
    expect((await storage.read("blogs/4.png"))?.size).toBe(12);
    expect(temporaryFiles()).toEqual([]);
  });

  it("cuts a stream off past its limit and leaves no temporary file", async () => {
    const entries = readdirSync(root, { recursive: true }).length;
    await expect(storage.stage(chunks(1_000, 1024), 4 * 1024)).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(readdirSync(root, { recursive: true })).toHaveLength(entries);
  });

  it("leaves no temporary file when the source fails", async () => {
    async function* broken() {
      yield new Uint8Array(8);
      throw new Error("client went away");
    }
    await expect(storage.stage(broken(), 1024)).rejects.toThrow("client went away");
    expect(temporaryFiles()).toEqual([]);
  });

  it("discards a staged file that is never committed", async () => {
    const staged = await storage.stage(chunks(1, 8), 1024);
    expect(temporaryFiles()).toHaveLength(1);
    await staged.discard();
    expect(temporaryFiles()).toEqual([]);
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
