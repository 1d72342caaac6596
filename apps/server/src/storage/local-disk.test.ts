import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk";
import { describeStorageContract } from "./storage-contract";

const temporaryFiles = (root: string) =>
  readdirSync(root).filter((name) => name.startsWith(".tmp-"));

describeStorageContract("local disk", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "chatsphere-storage-"));
  return {
    storage: createLocalDiskStorage(root),
    stagedFiles: () => temporaryFiles(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe("local disk storage", () => {
  const root = mkdtempSync(path.join(tmpdir(), "chatsphere-storage-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = createLocalDiskStorage(root);
  const options = { contentType: "image/png", cacheControl: "public, max-age=3600" };

  it("does not serve the metadata sidecars as files", async () => {
    await storage.create("blogs/1.png", new Uint8Array([1]), options);
    expect(await storage.read("blogs/1.png.meta.json")).toBeNull();
    expect(await storage.stat("blogs/1.png.meta.json")).toBeNull();
  });

  it("keeps temporary files in its own root, so committing is a link on one disk", async () => {
    const staged = await storage.stage([new Uint8Array(4)], 8);
    expect(temporaryFiles(root)).toHaveLength(1);
    await staged.commit("blogs/2.png", options);
    await staged.discard();
    expect(temporaryFiles(root)).toEqual([]);
  });
});
