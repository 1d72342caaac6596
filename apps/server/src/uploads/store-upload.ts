import type { CallerSession } from "../auth/caller-session";
import { AppError } from "../errors";
import { FileTooLargeError, type FileStorage, type StagedFile } from "../storage/storage";
import { acceptFile, readHead, SNIFF_BYTES } from "./accept-file";
import type { AcceptedFile, UploadRoute } from "./upload-route";

/** How many later keys to try when uploads collide (e.g. in one millisecond). */
const KEY_ATTEMPTS = 50;

export interface StagedUpload {
  file: StagedFile;
  accepted: AcceptedFile;
}

export interface IncomingFile {
  /** The name the client gave the file (only its extension is used). */
  name: string;
  bytes: AsyncIterable<Uint8Array>;
}

export const tooLarge = (route: UploadRoute) =>
  new AppError("PAYLOAD_TOO_LARGE", route.messages.tooLarge);

/**
 * Checks the first bytes, then streams the file into a temporary place with the route's
 * limit counted as it arrives. Refusals throw AppErrors; nothing is left behind by them.
 */
export async function stageUpload(
  storage: FileStorage,
  route: UploadRoute,
  incoming: IncomingFile,
): Promise<StagedUpload> {
  const { head, bytes } = await readHead(incoming.bytes, SNIFF_BYTES);
  const accepted = acceptFile(route, head, incoming.name);
  try {
    return { file: await storage.stage(bytes, route.maxBytes), accepted };
  } catch (error) {
    throw error instanceof FileTooLargeError ? tooLarge(route) : error;
  }
}

/** Places a staged file under the first free key and returns the procedure's output. */
export async function commitUpload(
  storage: FileStorage,
  route: UploadRoute,
  staged: StagedUpload,
  caller: CallerSession,
  receivedAt = Date.now(),
): Promise<unknown> {
  const { contentType } = staged.accepted;
  try {
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
      const key = route.key({ ...staged.accepted, caller, receivedAt }, attempt);
      if (!(await staged.file.commit(key, { contentType, cacheControl: route.cacheControl }))) {
        continue;
      }
      const url = storage.publicUrl(key);
      return route.output({ ...staged.accepted, key, url, size: staged.file.size, caller });
    }
    throw new Error(`No free storage key for ${route.procedure}`);
  } finally {
    await staged.file.discard();
  }
}
