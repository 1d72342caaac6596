import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { DeleteObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { createLocalDiskStorage } from "./local-disk";
import {
  checkBucket,
  createS3Client,
  isKeyTaken,
  supportsConditionalWrites,
  type S3Connection,
} from "./s3-client";
import { toObjectMetadata } from "./s3-metadata";
import { readObject, statObject } from "./s3-objects";
import { removeUnderPrefix } from "./s3-prefix";
import { FILES_PREFIX, isSafeKey, type FileStorage, type PutOptions } from "./storage";

export interface S3StorageOptions extends S3Connection {
  /** Where uploads wait before they are sent; unset, a private folder in the OS temp dir. */
  stagingDir?: string;
}

export interface S3Storage extends FileStorage {
  /** Whether `commit` relies on the server refusing to overwrite (`If-None-Match: *`). */
  readonly conditionalWrites: boolean;
  /** Closes the connections and removes the staging folder. */
  close(): Promise<void>;
}

/** Local disk's staged bytes are a file stream already; only wrap what is not. */
const asReadable = (source: AsyncIterable<Uint8Array>) =>
  source instanceof Readable ? source : Readable.from(source);

const checked = (key: string) => {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
};

/**
 * Files in an S3-compatible bucket, with the semantics of local-disk.ts. Uploads are staged
 * on local disk exactly as there (same limits, same cleanup) and only sent on `commit`, so
 * a refused upload never reaches the bucket. A key is never overwritten: with a server
 * that honours `If-None-Match: *` the write itself refuses, otherwise a HeadObject comes
 * first, which leaves a window of one round trip in which two processes committing the
 * *same* key both write and the later wins. Keys carry a millisecond timestamp (chat files
 * also the uploader's id), so that takes two uploads in one millisecond through two
 * processes on a server without conditional writes; bootstrap.ts warns about it at start.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<S3Storage> {
  const { stagingDir: givenDir, ...connection } = options;
  const Bucket = connection.bucket;
  const client = createS3Client(connection);
  const uploads = createS3Client(connection, { maxAttempts: 1 });
  const closeClients = () => {
    client.destroy();
    uploads.destroy();
  };
  let conditionalWrites: boolean;
  let stagingDir: string;
  try {
    await checkBucket(client, connection);
    conditionalWrites = await supportsConditionalWrites(client, Bucket);
    stagingDir = givenDir ?? (await mkdtemp(path.join(tmpdir(), "chatsphere-staging-")));
  } catch (error) {
    closeClients();
    throw error;
  }
  const staging = createLocalDiskStorage(stagingDir);

  const stat = (key: string) => statObject(client, Bucket, key);

  /**
   * The body is opened only once the key is known to be free, and closed however the write
   * ends (a stream the SDK never read would otherwise keep its file open).
   */
  async function put(key: string, body: () => Readable | Uint8Array, size: number, o: PutOptions) {
    checked(key);
    if (!conditionalWrites && (await stat(key))) return false;
    const payload = body();
    try {
      await uploads.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: payload,
          ContentLength: size,
          ContentType: o.contentType,
          CacheControl: o.cacheControl,
          Metadata: toObjectMetadata(o.meta),
          IfNoneMatch: conditionalWrites ? "*" : undefined,
        }),
      );
      return true;
    } catch (error) {
      if (conditionalWrites && isKeyTaken(error)) return false;
      throw error;
    } finally {
      if (payload instanceof Readable) payload.destroy();
    }
  }

  return {
    conditionalWrites,

    create: (key, bytes, o) => put(key, () => bytes, bytes.byteLength, o),

    async stage(source, maxBytes) {
      const staged = await staging.stage(source, maxBytes);
      const open = () => asReadable(staged.open());
      return { ...staged, commit: (key, o) => put(key, open, staged.size, o) };
    },

    read: (key, range) => readObject(client, Bucket, key, range),

    stat,

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    async removePrefix(prefix) {
      await removeUnderPrefix(client, Bucket, `${checked(prefix)}/`);
    },

    publicUrl: (key) => `${FILES_PREFIX}${key}`,

    keyOf(url) {
      if (!url.startsWith(FILES_PREFIX)) return null;
      const key = url.slice(FILES_PREFIX.length);
      return isSafeKey(key) ? key : null;
    },

    async close() {
      closeClients();
      if (!givenDir) await rm(stagingDir, { recursive: true, force: true });
    },
  };
}
