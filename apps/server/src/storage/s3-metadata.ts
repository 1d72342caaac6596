import { isSafeKey, type FileInfo, type FileMeta } from "./storage";

/*
 * A file's meta travels as S3 user metadata (`x-amz-meta-*` headers), one plain ASCII value
 * per field, so the object carries everything `stat` needs and other S3 tools show it. S3
 * hands metadata names back in lower case and every value as a string; they are checked on
 * the way back in because anyone with bucket access could have written them.
 */
const WIDTH = "width";
const HEIGHT = "height";
const PREVIEW_KEY = "preview-key";

/** What the server could not know otherwise (objects written by other tools). */
const FALLBACK_TYPE = "application/octet-stream";
const FALLBACK_CACHE = "no-cache";

export function toObjectMetadata(meta: FileMeta = {}): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (meta.width !== undefined) metadata[WIDTH] = String(meta.width);
  if (meta.height !== undefined) metadata[HEIGHT] = String(meta.height);
  if (meta.previewKey !== undefined) metadata[PREVIEW_KEY] = meta.previewKey;
  return metadata;
}

function dimension(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

export function fromObjectMetadata(metadata: Record<string, string> = {}): FileMeta {
  const meta: FileMeta = {};
  const width = dimension(metadata[WIDTH]);
  const height = dimension(metadata[HEIGHT]);
  const previewKey = metadata[PREVIEW_KEY];
  if (width !== undefined) meta.width = width;
  if (height !== undefined) meta.height = height;
  if (previewKey !== undefined && isSafeKey(previewKey)) meta.previewKey = previewKey;
  return meta;
}

/** The headers HeadObject and GetObject answer with, as far as FileInfo needs them. */
export interface ObjectHeaders {
  ContentLength?: number;
  ContentRange?: string;
  ContentType?: string;
  CacheControl?: string;
  Metadata?: Record<string, string>;
}

/**
 * The whole object's size: a ranged GET's Content-Length is only the range's, the total
 * is the number after the slash in `Content-Range: bytes 0-9/1234`.
 */
function totalSize(headers: ObjectHeaders): number {
  const total = headers.ContentRange ? /\/(\d+)$/.exec(headers.ContentRange)?.[1] : undefined;
  return total !== undefined ? Number(total) : (headers.ContentLength ?? 0);
}

export function fileInfoOf(headers: ObjectHeaders): FileInfo {
  return {
    size: totalSize(headers),
    contentType: headers.ContentType ?? FALLBACK_TYPE,
    cacheControl: headers.CacheControl ?? FALLBACK_CACHE,
    meta: fromObjectMetadata(headers.Metadata),
  };
}
