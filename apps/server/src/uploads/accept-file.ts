import { CONTENT_ERROR } from "@chatsphere/contract";
import { AppError } from "../errors";
import type { AcceptedFile, UploadRoute } from "./upload-route";

/** A request that is not the RPC multipart of one file (no web client sends one). */

/** Enough leading bytes for every magic number we check (images, and audio/video next). */
export const SNIFF_BYTES = 64;

function extensionOf(fileName: string): string | null {
  const match = /\.([a-z0-9]{1,10})$/i.exec(fileName);
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * Decides from the first bytes what a file is (decision 0005): the type comes from the bytes,
 * not from the name or the browser's claim; the name's extension is kept but must agree.
 * Called before anything is written, so a refused file never reaches the storage.
 */
export function acceptFile(route: UploadRoute, head: Uint8Array, fileName: string): AcceptedFile {
  if (head.byteLength === 0) throw new AppError("BAD_REQUEST", route.messages.empty);
  const type = route.sniff(head);
  const allowed = type ? route.types[type] : undefined;
  if (!type || !allowed) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", route.messages.typeUnsupported);
  }
  const named = extensionOf(fileName);
  if (named && !allowed.includes(named)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", route.messages.extensionMismatch);
  }
  return { contentType: type, extension: named ?? allowed[0] ?? "bin" };
}

/**
 * Reads chunks until at least `size` bytes (or the end) are in, and returns them with a
 * stream of all the bytes, those first ones included. A source that fails (a client that
 * went away, a cut multipart body) is the caller's fault: a 400, not a server error.
 */
export async function readHead(source: AsyncIterable<Uint8Array>, size: number) {
  const iterator = source[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await iterator.next();
    } catch {
      throw new AppError("BAD_REQUEST", CONTENT_ERROR.uploadUnreadable);
    }
  };
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const chunk = await next();
    if (chunk.done) break;
    chunks.push(chunk.value);
    length += chunk.value.byteLength;
  }
  const head = Buffer.concat(chunks);
  async function* bytes() {
    try {
      if (head.byteLength > 0) yield head;
      for (let chunk = await next(); !chunk.done; chunk = await next()) yield chunk.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head, bytes: bytes() };
}
