import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileTooLargeError, isSafeKey, type FileStorage } from "./storage";

/*
 * What every FileStorage driver promises, written once and run against each of them
 * (local-disk.test.ts, s3.test.ts), so the bucket behaves exactly as the embedded default.
 */
export interface StorageUnderTest {
  storage: FileStorage;
  /** Staged (temporary) files still lying where the driver stages uploads. */
  stagedFiles(): string[];
  close(): Promise<void>;
}

const options = { contentType: "image/png", cacheControl: "public, max-age=3600" };
const bytes = (...values: number[]) => new Uint8Array(values);
async function readAll(body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | undefined) {
  if (!body) throw new Error("no file");
  const all: number[] = [];
  for await (const chunk of body) all.push(...chunk);
  return all;
}

async function* chunks(count: number, size: number) {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(i);
}

export function describeStorageContract(name: string, open: () => Promise<StorageUnderTest>) {
  describe(`${name} (storage contract)`, () => {
    let under: StorageUnderTest;
    let storage: FileStorage;
    beforeAll(async () => {
      under = await open();
      storage = under.storage;
    });
    afterAll(() => under.close());

    it("stores bytes with their type and cache policy and reads them back", async () => {
      expect(await storage.create("blogs/1.png", bytes(1, 2, 3), options)).toBe(true);
      const file = await storage.read("blogs/1.png");
      expect(file).toMatchObject({ size: 3, ...options, meta: {} });
      expect(await readAll(file?.body)).toEqual([1, 2, 3]);
    });

    it("never overwrites a key: a second create answers false and the first bytes stay", async () => {
      expect(await storage.create("blogs/2.png", bytes(1), options)).toBe(true);
      expect(await storage.create("blogs/2.png", bytes(9, 9), options)).toBe(false);
      expect((await storage.stat("blogs/2.png"))?.size).toBe(1);
    });

    it("stages a stream invisibly, commits it once, and keeps no staged file", async () => {
      const staged = await storage.stage(chunks(3, 4), 12);
      expect(staged.size).toBe(12);
      expect(await readAll(staged.open())).toHaveLength(12);
      expect(await storage.stat("blogs/4.png")).toBeNull();
      expect(await staged.commit("blogs/4.png", options)).toBe(true);
      expect(await staged.commit("blogs/4.png", { ...options, contentType: "x/y" })).toBe(false);
      await staged.discard();
      await staged.discard();
      expect(await storage.stat("blogs/4.png")).toMatchObject({ size: 12, ...options });
      expect(under.stagedFiles()).toEqual([]);
    });

    it("cuts a stream off past its limit with FileTooLargeError and keeps nothing", async () => {
      const staging = storage.stage(chunks(1_000, 1024), 4 * 1024);
      await expect(staging).rejects.toBeInstanceOf(FileTooLargeError);
      expect(under.stagedFiles()).toEqual([]);
    });

    it("keeps nothing when the source fails while staging", async () => {
      async function* broken() {
        yield new Uint8Array(8);
        throw new Error("client went away");
      }
      await expect(storage.stage(broken(), 1024)).rejects.toThrow("client went away");
      expect(under.stagedFiles()).toEqual([]);
    });

    it("discards a staged file that is never committed", async () => {
      const staged = await storage.stage(chunks(1, 8), 1024);
      expect(under.stagedFiles()).toHaveLength(1);
      await staged.discard();
      expect(under.stagedFiles()).toEqual([]);
    });

    it("reads a byte range: only those bytes (none past the end), with the whole size", async () => {
      await storage.create("chat/r0/range.bin", bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), options);
      const middle = await storage.read("chat/r0/range.bin", { start: 2, end: 5 });
      expect(middle?.size).toBe(10);
      expect(await readAll(middle?.body)).toEqual([2, 3, 4, 5]);
      const tail = await storage.read("chat/r0/range.bin", { start: 9, end: 9 });
      expect(await readAll(tail?.body)).toEqual([9]);
      const past = await storage.read("chat/r0/range.bin", { start: 20, end: 29 });
      expect([past?.size, await readAll(past?.body)]).toEqual([10, []]);
      expect(await storage.read("chat/r0/missing.bin", { start: 0, end: 1 })).toBeNull();
    });

    it("keeps a file's meta with it and tells it without reading the file", async () => {
      const meta = { width: 640, height: 480, previewKey: "chat/r1/u-1-a.preview.webp" };
      expect(await storage.create("chat/r1/u-1-a.png", bytes(1, 2), { ...options, meta })).toBe(
        true,
      );
      expect(await storage.stat("chat/r1/u-1-a.png")).toEqual({ size: 2, ...options, meta });
      expect(await storage.stat("chat/r1/missing.png")).toBeNull();
      await storage.create("blogs/no-meta.png", bytes(1), options);
      expect((await storage.stat("blogs/no-meta.png"))?.meta).toEqual({});
    });

    it("removes a file, and removing a missing one is not an error", async () => {
      await storage.create("blogs/3.png", bytes(1), options);
      await storage.remove("blogs/3.png");
      expect(await storage.read("blogs/3.png")).toBeNull();
      expect(await storage.stat("blogs/3.png")).toBeNull();
      await storage.remove("blogs/3.png");
    });

    it("removes every file under a prefix and nothing else, not even a longer name", async () => {
      const keys = [
        "chat/gone/a.png",
        "chat/gone/sub/b.png",
        "chat/gone2/c.png",
        "chat/kept/d.png",
      ];
      for (const key of keys) await storage.create(key, bytes(1), options);
      await storage.removePrefix("chat/gone");
      const left = await Promise.all(keys.map(async (key) => (await storage.stat(key)) !== null));
      expect(left).toEqual([false, false, true, true]);
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
      "blogs/.m",
      "a//b",
      "",
    ])("refuses the unsafe key %j: nothing read, nothing written, nothing removed", async (key) => {
      expect(isSafeKey(key)).toBe(false);
      expect(await storage.read(key)).toBeNull();
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.create(key, bytes(1), options)).rejects.toThrow(/Unsafe storage key/);
      const staged = await storage.stage(chunks(1, 1), 8);
      await expect(staged.commit(key, options)).rejects.toThrow(/Unsafe storage key/);
      await staged.discard();
      await expect(storage.remove(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.removePrefix(key)).rejects.toThrow(/Unsafe storage key/);
    });
  });
}
