import { AppError } from "../errors";
import { FileTooLargeError, type FileStorage, type StagedFile } from "../storage/storage";
import { acceptFile, readHead, SNIFF_BYTES } from "./accept-file";
import type { AcceptedFile, UploadRoute } from "./upload-route";

export interface StagedUpload {
  file: StagedFile;
  accepted: AcceptedFile;
  /** The name the client gave the file. */
  name: string;
}

export interface IncomingFile {
  /** The name the client gave the file (its extension must agree with the bytes). */
  name: string;
  bytes: AsyncIterable<Uint8Array>;
}

export const tooLarge = (route: UploadRoute) =>
  new AppError("PAYLOAD_TOO_LARGE", route.messages.tooLarge);

/** The limit of the file's type: its own when the route has per-type limits (video > photo). */
function limitOf(route: UploadRoute, accepted: AcceptedFile) {
  return (
    route.limitOf?.(accepted.contentType) ?? {
      maxBytes: route.maxBytes,
      message: route.messages.tooLarge,
    }
  );
}

/**
 * Checks the first bytes, then streams the file into a temporary place with its type's limit
 * counted as it arrives. Refusals throw AppErrors; nothing is left behind by them.
 */
export async function stageUpload(
  storage: FileStorage,
  route: UploadRoute,
  incoming: IncomingFile,
): Promise<StagedUpload> {
  const wanted = route.sniffBytes?.bind(route);
  const { head, bytes } = await readHead(incoming.bytes, SNIFF_BYTES, wanted);
  const accepted = acceptFile(route, head, incoming.name);
  const limit = limitOf(route, accepted);
  try {
    const file = await storage.stage(bytes, limit.maxBytes);
    return { file, accepted, name: incoming.name };
  } catch (error) {
    throw error instanceof FileTooLargeError
      ? new AppError("PAYLOAD_TOO_LARGE", limit.message)
      : error;
  }
}
