import type { CallerSession } from "../auth/caller-session";
import type { FileMeta, FileStorage, PutOptions } from "../storage/storage";
import type { StagedUpload } from "./store-upload";
import type { PreparedFile, UploadRoute } from "./upload-route";

/** How many later keys to try when uploads collide (e.g. in one millisecond). */
const KEY_ATTEMPTS = 50;

export interface CommitContext {
  caller: CallerSession;
  /** The route's input beside the file (what its schema parsed). */
  input: unknown;
  receivedAt: number;
}

const AS_RECEIVED: PreparedFile = { bytes: null, meta: {}, preview: null };

/** A file stored beside the upload (its preview, its renditions). */
interface Beside {
  key: string;
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Stores the files beside the one just placed at `key`; when one of their keys is taken,
 * removes what it stored, the file included, and answers false.
 */
async function storeBeside(
  storage: FileStorage,
  key: string,
  files: readonly Beside[],
  cacheControl: string,
): Promise<boolean> {
  const stored: string[] = [];
  for (const file of files) {
    const options = { contentType: file.contentType, cacheControl };
    if (!(await storage.create(file.key, file.bytes, options))) {
      for (const placed of [...stored, key]) await storage.remove(placed);
      return false;
    }
    stored.push(file.key);
  }
  return true;
}

/**
 * Prepares a staged file (re-encoding, measuring), places it under the first free key with
 * its preview and renditions beside it, and returns the procedure's output. The staged bytes
 * are discarded whatever happens; a refusal from `prepare` leaves nothing stored.
 */
export async function commitUpload(
  storage: FileStorage,
  route: UploadRoute,
  staged: StagedUpload,
  context: CommitContext,
): Promise<unknown> {
  const { contentType } = staged.accepted;
  try {
    const prepared = (await route.prepare?.(staged.file, staged.accepted)) ?? AS_RECEIVED;
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
      const key = route.key({ ...staged.accepted, ...context, name: staged.name }, attempt);
      const previewKey = prepared.preview && route.previewKey?.(key);
      const meta: FileMeta = previewKey ? { ...prepared.meta, previewKey } : prepared.meta;
      const options: PutOptions = { contentType, cacheControl: route.cacheControl, meta };
      const isPlaced = prepared.bytes
        ? await storage.create(key, prepared.bytes, options)
        : await staged.file.commit(key, options);
      if (!isPlaced) continue;
      const beside: Beside[] = (prepared.renditions ?? []).map((rendition) => ({
        key: rendition.keyOf(key),
        bytes: rendition.bytes,
        contentType: rendition.contentType,
      }));
      if (prepared.preview && previewKey) beside.unshift({ key: previewKey, ...prepared.preview });
      // The preview's and renditions' keys follow from the file's, which is ours now: they are
      // free unless a crash left one behind, and then the next key is as good.
      if (!(await storeBeside(storage, key, beside, route.cacheControl))) continue;
      const url = storage.publicUrl(key);
      const previewUrl = previewKey ? storage.publicUrl(previewKey) : null;
      const size = prepared.bytes?.byteLength ?? staged.file.size;
      return route.output({ ...staged.accepted, ...context, key, url, previewUrl, size, meta });
    }
    throw new Error(`No free storage key for ${route.procedure}`);
  } finally {
    await staged.file.discard();
  }
}
