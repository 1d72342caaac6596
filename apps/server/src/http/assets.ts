import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { getMimeType } from "hono/utils/mime";

/** Where the web build's hashed files are served from. */
export const ASSETS_PREFIX = "/assets/";

/** `assets/` holds files only: a name, no folders, no dotfiles, nothing to decode. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

/**
 * The build's precompressed copies, in the order @hono/node-server's serveStatic prefers them
 * (the path this one stands in for, web.ts), each used only when the browser accepts it.
 */
const PRECOMPRESSED = [
  ["br", ".br"],
  ["zstd", ".zst"],
  ["gzip", ".gz"],
] as const;

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Hono's compress() leaves smaller answers as they are (its default threshold, app.ts). */
const COMPRESS_THRESHOLD = 1024;

/** One file in one encoding, ready to write: its bytes and all its headers. */
interface Asset {
  body: Buffer;
  headers: [string, string][];
}

type Encoding = (typeof PRECOMPRESSED)[number][0] | "identity";

/** What the build holds under one name: its type and the copies there are of it. */
interface Entry {
  type: string;
  compressible: boolean;
  /** The file of each encoding there is a copy in ("identity": the file itself). */
  files: Map<Encoding, { file: string; size: number; modified: string }>;
}

export interface AssetListenerOptions {
  /** The build's `assets/` folder. */
  dir: string;
  /** Headers every response carries (security headers). */
  headers: [string, string][];
  /** Bytes kept in memory at most; a file past it goes the slow way (default 32 MiB). */
  maxBytes?: number;
}

const fileStats = (file: string) =>
  stat(file).then(
    (stats) => (stats.isFile() ? stats : null),
    () => null,
  );

/**
 * Answers a page's scripts, styles and fonts from memory. Their names carry their content's
 * hash, so a file once read never changes: the first request for a name looks up its copies
 * and the first in each encoding reads it; every later one is a single write of bytes and
 * headers prepared then. Through the Hono app each of these took ~2 ms of this process (a stat
 * per encoding, a file stream bridged to a web stream and back, the middleware chain), and the
 * dozen a first visit asks for at once finished 20-50 ms after they were asked for.
 *
 * Returns false, without writing anything, for what it leaves to the app's serveStatic (web.ts:
 * the same headers and bytes): a name that is not a plain file name, a missing file, a byte
 * range, a compressible file of 1 KB or more with no precompressed copy the browser accepts
 * (the app compresses it on the fly), and anything once the memory budget is spent.
 */
export function createAssetListener(options: AssetListenerOptions) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  /** Names found, and lookups under way (a missing name is not remembered: names are free). */
  const entries = new Map<string, Entry | Promise<Entry | null>>();
  /** Prepared answers by name and encoding, and reads under way. */
  const assets = new Map<string, Asset | Promise<Asset | null>>();
  let keptBytes = 0;

  async function lookUp(name: string): Promise<Entry | null> {
    const file = path.join(options.dir, name);
    const stats = await fileStats(file);
    if (!stats) return null;
    const type = getMimeType(name) ?? "application/octet-stream";
    const compressible =
      type === "application/octet-stream" || COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
    const files: Entry["files"] = new Map();
    const add = (encoding: Encoding, at: string, found: { size: number; mtime: Date }) =>
      files.set(encoding, { file: at, size: found.size, modified: found.mtime.toUTCString() });
    add("identity", file, stats);
    if (compressible) {
      for (const [encoding, suffix] of PRECOMPRESSED) {
        const copy = await fileStats(file + suffix);
        if (copy) add(encoding, file + suffix, copy);
      }
    }
    return { type, compressible, files };
  }

  /** The encoding to answer in, or null when the app's compress() should answer instead. */
  function encodingFor(entry: Entry, acceptEncoding: string): Encoding | null {
    if (!entry.compressible) return "identity";
    const accepted = new Set(acceptEncoding.split(",").map((encoding) => encoding.trim()));
    for (const [encoding] of PRECOMPRESSED) {
      if (accepted.has(encoding) && entry.files.has(encoding)) return encoding;
    }
    // compress() leaves files under its threshold as they are (the build has no copies of
    // those either); a larger one it would compress for this browser.
    const small = (entry.files.get("identity")?.size ?? 0) < COMPRESS_THRESHOLD;
    return small || !(accepted.has("gzip") || accepted.has("deflate")) ? "identity" : null;
  }

  async function prepare(entry: Entry, encoding: Encoding): Promise<Asset | null> {
    const copy = entry.files.get(encoding);
    if (!copy || keptBytes + copy.size > maxBytes) return null;
    keptBytes += copy.size;
    const body = await readFile(copy.file).catch(() => null);
    if (!body) {
      keptBytes -= copy.size;
      return null;
    }
    const headers: [string, string][] = [
      ...options.headers,
      ["Content-Type", entry.type],
      ["Cache-Control", IMMUTABLE],
    ];
    if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
    // A cache in between must not hand one browser's encoding to another.
    if (entry.files.size > 1) headers.push(["Vary", "Accept-Encoding"]);
    headers.push(["Content-Length", String(body.length)], ["Last-Modified", copy.modified]);
    return { body, headers };
  }

  /** A value of `map`, or its lookup started once and shared until it settles. */
  function settled<T>(
    map: Map<string, T | Promise<T | null>>,
    key: string,
    load: () => Promise<T | null>,
  ) {
    const known = map.get(key);
    if (known !== undefined) return known;
    const pending = load().then((value) => {
      if (value) map.set(key, value);
      else map.delete(key);
      return value;
    });
    map.set(key, pending);
    return pending;
  }

  function answer(
    res: ServerResponse,
    name: string,
    entry: Entry,
    acceptEncoding: string,
    head: boolean,
  ) {
    const encoding = encodingFor(entry, acceptEncoding);
    if (encoding === null) return false;
    const write = (asset: Asset | null) => {
      if (!asset) return false;
      res.writeHead(200, asset.headers.flat());
      res.end(head ? undefined : asset.body);
      return true;
    };
    const asset = settled(assets, `${encoding}:${name}`, () => prepare(entry, encoding));
    return asset instanceof Promise ? asset.then(write) : write(asset);
  }

  /**
   * True when the request was answered (or will be, once the file is read); false when it is
   * the app's to answer. For requests whose path starts with ASSETS_PREFIX.
   */
  return (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    const { method, url = "" } = req;
    if ((method !== "GET" && method !== "HEAD") || req.headers.range !== undefined) return false;
    const end = url.indexOf("?");
    const name = url.slice(ASSETS_PREFIX.length, end === -1 ? undefined : end);
    if (!ASSET_NAME.test(name)) return false;
    const acceptEncoding = req.headers["accept-encoding"] ?? "";
    const head = method === "HEAD";
    const entry = settled(entries, name, () => lookUp(name));
    if (!(entry instanceof Promise)) return answer(res, name, entry, acceptEncoding, head);
    return entry.then((found) => (found ? answer(res, name, found, acceptEncoding, head) : false));
  };
}
