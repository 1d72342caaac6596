import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { byteLimit } from "./byte-limit";
import {
  FILES_PREFIX,
  isSafeKey,
  type ByteSource,
  type FileInfo,
  type FileStorage,
  type PutOptions,
  type StagedFile,
} from "./storage";

const META_SUFFIX = ".meta.json";

const isTaken = (error: unknown) => (error as NodeJS.ErrnoException).code === "EEXIST";

/**
 * Files under `rootDir` (DATA_DIR/files), each with a small JSON sidecar holding its content
 * type and cache policy. A file is written to a temporary name and then hard-linked into
 * place: `link` fails when the target exists, so a key is never overwritten and a reader
 * never sees half a file. Temporary names live in the root so the link stays on one disk.
 */
export function createLocalDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const tempPath = () => path.join(root, `.tmp-${randomBytes(8).toString("hex")}`);
  const pathOf = (key: string) => {
    if (!isSafeKey(key) || key.endsWith(META_SUFFIX)) throw new Error(`Unsafe storage key: ${key}`);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return full;
  };

  /** The sidecar and the file's size, or null when either is missing. */
  async function infoOf(key: string): Promise<(FileInfo & { file: string }) | null> {
    if (!isSafeKey(key) || key.endsWith(META_SUFFIX)) return null;
    const file = pathOf(key);
    try {
      const options = JSON.parse(await readFile(file + META_SUFFIX, "utf8")) as PutOptions;
      const info = await stat(file);
      if (!info.isFile()) return null;
      const { contentType, cacheControl, meta = {} } = options;
      return { file, size: info.size, contentType, cacheControl, meta };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async function writeLinked(target: string, data: string): Promise<boolean> {
    const temp = tempPath();
    await writeFile(temp, data, { flag: "wx" });
    try {
      await link(temp, target);
      return true;
    } catch (error) {
      if (isTaken(error)) return false;
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async function place(key: string, temp: string, options: PutOptions): Promise<boolean> {
    const file = pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // The sidecar goes first and doubles as the reservation of the key.
    if (!(await writeLinked(file + META_SUFFIX, JSON.stringify(options)))) return false;
    try {
      await link(temp, file);
      return true;
    } catch (error) {
      await rm(file + META_SUFFIX, { force: true });
      if (isTaken(error)) return false;
      throw error;
    }
  }

  async function stage(source: ByteSource, maxBytes: number): Promise<StagedFile> {
    await mkdir(root, { recursive: true });
    const temp = tempPath();
    let size = 0;
    const sink = createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(
        Readable.from(source),
        byteLimit(maxBytes, (total) => (size = total)),
        sink,
      );
    } catch (error) {
      // The file is opened on the thread pool, and the removal below may run on another of its
      // threads: removed before a slow open lands, the file would stay. Wait for the stream to
      // be closed (opened first if it was still opening), then remove what it created.
      if (!sink.closed) await once(sink, "close").catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    return {
      size,
      open: () => createReadStream(temp),
      commit: (key, options) => place(key, temp, options),
      discard: () => rm(temp, { force: true }),
    };
  }

  return {
    async create(key, bytes, options) {
      pathOf(key);
      const staged = await stage([bytes], Number.POSITIVE_INFINITY);
      try {
        return await staged.commit(key, options);
      } finally {
        await staged.discard();
      }
    },

    stage,

    async read(key, range) {
      const found = await infoOf(key);
      if (!found) return null;
      const { file, ...info } = found;
      const stream = createReadStream(file, range ?? {});
      return { ...info, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    },

    async stat(key) {
      const found = await infoOf(key);
      if (!found) return null;
      const { file: _file, ...info } = found;
      return info;
    },

    async remove(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },

    async removePrefix(prefix) {
      // A whole folder: the files of one room live under `chat/{roomId}/`.
      await rm(pathOf(prefix), { recursive: true, force: true });
    },

    publicUrl: (key) => `${FILES_PREFIX}${key}`,

    keyOf(url) {
      if (!url.startsWith(FILES_PREFIX)) return null;
      const key = url.slice(FILES_PREFIX.length);
      return isSafeKey(key) ? key : null;
    },
  };
}
