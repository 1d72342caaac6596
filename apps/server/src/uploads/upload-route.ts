import type { CallerSession } from "../auth/caller-session";

/**
 * One upload procedure of the contract, served by the upload listener before oRPC so that
 * who may call it and how big it may be are settled before a byte of the body is read.
 * Adding an upload (chat photos, videos, voice notes) is one more of these in upload-routes.ts.
 */
export interface UploadRoute {
  /** The contract's procedure, e.g. "admin.uploadBlogImage" (POST /rpc/admin/uploadBlogImage). */
  procedure: string;
  /** The input field that holds the file: `{ image: File }` is "image". */
  field: string;
  /** Who may upload (upload-tiers.ts): returns the caller or throws 401/403. */
  tier: UploadTier;
  /** Largest file accepted, counted while it streams. */
  maxBytes: number;
  /** The accepted types, each with the extensions a file name may carry (the first is the default). */
  types: Readonly<Record<string, readonly string[]>>;
  /** The type the first bytes are (magic numbers), or null when they are none of ours. */
  sniff(head: Uint8Array): string | null;
  /** Where the file goes; `attempt` counts up while keys are taken (keys are never reused). */
  key(file: KeyInput, attempt: number): string;
  cacheControl: string;
  /** The refusals' texts (from the contract). */
  messages: UploadMessages;
  /** The procedure's output once the file is stored (must be plain JSON). */
  output(stored: StoredUpload): unknown;
}

export type UploadTier = (session: CallerSession | null, procedure: string) => CallerSession;

export interface UploadMessages {
  tooLarge: string;
  empty: string;
  typeUnsupported: string;
  extensionMismatch: string;
}

/** What the bytes were checked to be. */
export interface AcceptedFile {
  contentType: string;
  extension: string;
}

export interface KeyInput extends AcceptedFile {
  caller: CallerSession;
  /** When the upload arrived (ms), the same for every attempt. */
  receivedAt: number;
}

export interface StoredUpload extends AcceptedFile {
  key: string;
  url: string;
  size: number;
  caller: CallerSession;
}
