import type { z } from "zod";
import type { CallerSession } from "../auth/caller-session";
import type { Services } from "../rpc/context";
import type { FileMeta, StagedFile } from "../storage/storage";

/**
 * One upload procedure of the contract, served by the upload listener before oRPC so that
 * who may call it and how big it may be are settled before a byte of the file is read.
 * Adding an upload is one more of these in upload-routes.ts. `I` is the input beside the
 * file (the other fields of the multipart `data` part), e.g. `{ roomId }`.
 *
 * The hooks are declared as methods on purpose: a route with a particular `I` can then be
 * listed among routes of any input, and the listener only ever hands a route the input that
 * its own schema parsed.
 */
export interface UploadRoute<I = unknown> {
  /** The contract's procedure, e.g. "admin.uploadBlogImage" (POST /rpc/admin/uploadBlogImage). */
  procedure: string;
  /** The input field that holds the file: `{ image: File }` is "image". */
  field: string;
  /** Who may upload (upload-tiers.ts): returns the caller or throws 401/403. */
  tier: UploadTier;
  /** The largest file of any accepted type: bounds the declared Content-Length at once. */
  maxBytes: number;
  /** The other fields of the input, parsed from the `data` part (400 with its first issue). */
  input?: z.ZodType<I>;
  /**
   * Runs once `data` is parsed and before the file part is read (the request is paused
   * meanwhile): throws to refuse, e.g. 403 for a room the caller is not in.
   */
  authorize?(caller: CallerSession, input: I, services: Services): Promise<void>;
  /** The accepted types, each with the extensions a file name may carry (the first is the default). */
  types: Readonly<Record<string, readonly string[]>>;
  /** How many leading bytes `sniff` needs, given the first SNIFF_BYTES (default: those). */
  sniffBytes?(first: Uint8Array): number;
  /** The type the first bytes are (magic numbers), or null when they are none of ours. */
  sniff(head: Uint8Array): string | null;
  /** The sniffed type's own limit, when types differ (counted while the file streams). */
  limitOf?(type: string): { maxBytes: number; message: string };
  /** Checks, re-encodes or measures the whole staged file before it is committed. */
  prepare?(file: StagedFile, accepted: AcceptedFile): Promise<PreparedFile>;
  /** Where the file goes; `attempt` counts up while keys are taken (keys are never reused). */
  key(file: KeyInput<I>, attempt: number): string;
  /** Where a prepared preview goes, beside the file's `key`. */
  previewKey?(key: string): string;
  cacheControl: string;
  /** The refusals' texts (from the contract). */
  messages: UploadMessages;
  /** The procedure's output once the file is stored (must be plain JSON). */
  output(stored: StoredUpload<I>): unknown;
}

export type UploadTier = (session: CallerSession | null, procedure: string) => CallerSession;

export interface UploadMessages {
  /** For a body over `maxBytes` (and for every type without a limit of its own). */
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

/** What `prepare` made of a staged file. */
export interface PreparedFile {
  /** Bytes stored instead of the staged ones (a re-encoded image); null keeps them. */
  bytes: Uint8Array | null;
  meta: Pick<FileMeta, "width" | "height">;
  /** A smaller rendition, stored under `previewKey(key)`. */
  preview: { bytes: Uint8Array; contentType: string } | null;
  /** Other renditions (a blog image's widths), each stored under its `keyOf(key)`. */
  renditions?: readonly Rendition[];
}

/** A rendition of the file, stored beside it under a key that follows from the file's. */
export interface Rendition {
  keyOf(key: string): string;
  bytes: Uint8Array;
  contentType: string;
}

export interface KeyInput<I = unknown> extends AcceptedFile {
  caller: CallerSession;
  input: I;
  /** The name the client gave the file. */
  name: string;
  /** When the upload arrived (ms), the same for every attempt. */
  receivedAt: number;
}

export interface StoredUpload<I = unknown> extends AcceptedFile {
  key: string;
  url: string;
  /** Where the preview is loaded from, when one was stored. */
  previewUrl: string | null;
  size: number;
  caller: CallerSession;
  input: I;
  meta: FileMeta;
}
