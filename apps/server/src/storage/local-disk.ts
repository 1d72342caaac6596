import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { FILES_PREFIX, isSafeKey, type FileStorage, type PutOptions } from "./storage";

const META_SUFFIX = ".meta.json";

/**
 * Files under `rootDir` (DATA_DIR/files), each with a small JSON sidecar holding its content
 * type and cache policy. A file is written to a temporary name and then hard-linked into
 * place: `link` fails when the target exists, so a key is never overwritten and a reader
 * never sees half a file.
 */
export function createLocalDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const pathOf = (key: string) => {
    if (!isSafeKey(key) || key.endsWith(META_SUFFIX)) throw new Error(`Unsafe storage key: ${key}`);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return full;
  };

  async function linkInto(target: string, data: Uint8Array | string): Promise<boolean> {
    const temp = path.join(root, `.tmp-${randomBytes(8).toString("hex")}`);
    await writeFile(temp, data, { flag: "wx" });
    try {
      await link(temp, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  return {
    async create(key, bytes, options: PutOptions) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // The sidecar goes first and doubles as the reservation of the key.
      if (!(await linkInto(file + META_SUFFIX, JSON.stringify(options)))) return false;
      if (await linkInto(file, bytes)) return true;
      return false;
    },

    async read(key) {
      if (!isSafeKey(key) || key.endsWith(META_SUFFIX)) return null;
      const file = pathOf(key);
      try {
        const meta = JSON.parse(await readFile(file + META_SUFFIX, "utf8")) as PutOptions;
        const info = await stat(file);
        if (!info.isFile()) return null;
        const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        return { body, size: info.size, ...meta };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async remove(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },

    publicUrl: (key) => `${FILES_PREFIX}${key}`,

    keyOf(url) {
      if (!url.startsWith(FILES_PREFIX)) return null;
      const key = url.slice(FILES_PREFIX.length);
      return isSafeKey(key) ? key : null;
    },
  };
}
