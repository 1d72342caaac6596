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

/**
 * Prepares a staged file (re-encoding, measuring), places it under the first free key with
 * its preview beside it, and returns the procedure's output. The staged bytes are discarded
 * whatever happens; a refusal from `prepare` leaves nothing stored.
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
      if (prepared.preview && previewKey) {
        const { bytes, contentType: previewType } = prepared.preview;
        const previewOptions = { contentType: previewType, cacheControl: route.cacheControl };
        // The preview's key follows from the file's, which is ours now: it is free unless a
        // crash left one behind, and then the next key is as good.
        if (!(await storage.create(previewKey, bytes, previewOptions))) {
          await storage.remove(key);
          continue;
        }
      }
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
