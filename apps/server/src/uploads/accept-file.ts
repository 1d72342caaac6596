import { CONTENT_ERROR } from "@chatsphere/contract";
import { AppError } from "../errors";
import type { AcceptedFile, UploadRoute } from "./upload-route";

/** Enough leading bytes for every magic number; containers ask for more (route.sniffBytes). */
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
 * Reads chunks until at least `size` bytes (or the end) are in, and then, when `wanted`
 * asks for more once it has seen those, until that many; returns them with a stream of all
 * the bytes, those first ones included. A source that fails (a client that went away, a
 * cut multipart body) is the caller's fault: a 400, not a server error.
 */
export async function readHead(
  source: AsyncIterable<Uint8Array>,
  size: number,
  wanted?: (first: Uint8Array) => number,
) {
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
  const readUpTo = async (target: number) => {
    while (length < target) {
      const chunk = await next();
      if (chunk.done) return;
      chunks.push(chunk.value);
      length += chunk.value.byteLength;
    }
  };
  await readUpTo(size);
  if (wanted && length >= size) await readUpTo(wanted(Buffer.concat(chunks)));
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
