import { COMMON_ORPC_ERROR_DEFS, ORPCError } from "@orpc/client";
import type { z } from "zod";
import { MEDIA_ERROR, TOAST, uploadMediaOutput } from "@chatsphere/contract";
import { decodeRpcAnswer, rpcFileBody } from "@/lib/rpc-multipart";
import { xhrUpload, type UploadOptions } from "@/lib/xhr-upload";

/** message.uploadMedia on the RPC endpoint (same origin, as the RPC client calls it). */
const UPLOAD_MEDIA_PATH = "/rpc/message/uploadMedia";

export type UploadedMedia = z.infer<typeof uploadMediaOutput>;

/**
 * message.uploadMedia with upload progress: the oRPC client (fetch) reports none, so this
 * sends the same multipart body with XMLHttpRequest and reads the answer as the client would.
 */
export async function uploadMedia(
  roomId: string,
  file: File,
  options: UploadOptions = {},
): Promise<UploadedMedia> {
  const answer = await xhrUpload(UPLOAD_MEDIA_PATH, rpcFileBody({ roomId }, "file", file), options);
  return decodeRpcAnswer(answer, uploadMediaOutput);
}

/**
 * Refusals whose own words help more than 'Failed to send file.': too big (413, also too many
 * pixels), a type that is not media (415), a photo that cannot be decoded (422), slow down (429).
 */
const TELLING_STATUSES = new Set([413, 415, 422, 429]);
/** The contract's fixed media refusals keep their words whatever status carries them. */
const MEDIA_TEXTS = new Set<string>(
  Object.values<unknown>(MEDIA_ERROR).filter((text): text is string => typeof text === "string"),
);

/** oRPC's stock message for a code ("Payload Too Large"), which says nothing to a person. */
const stockMessage = (code: string) =>
  Object.entries(COMMON_ORPC_ERROR_DEFS).find(([name]) => name === code)?.[1].message;

/** What to tell the sender of a file that did not go out (SPEC §8: 'Failed to send file.'). */
export function uploadFailureText(error: unknown): string {
  if (!(error instanceof ORPCError) || !error.message) return TOAST.sendFileFailed;
  if (MEDIA_TEXTS.has(error.message)) return error.message;
  if (!TELLING_STATUSES.has(error.status)) return TOAST.sendFileFailed;
  return error.message === stockMessage(error.code) ? TOAST.sendFileFailed : error.message;
}
