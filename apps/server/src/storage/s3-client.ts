import { randomBytes } from "node:crypto";
import {
  DeleteObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

/** Where the bucket is and who we are to it (the S3_* variables). */
export interface S3Connection {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * A client for S3-compatible servers: path-style addresses (`{endpoint}/{bucket}/{key}`),
 * which s3rver and MinIO need and AWS still accepts, and checksums only where the API
 * requires them. Since SDK 3.729 the default adds CRC32 trailers in aws-chunked bodies,
 * which many S3-compatible servers (s3rver among them) store as garbage or refuse.
 *
 * `maxAttempts: 1` is for uploads: their body is a stream the SDK cannot replay, and a retry
 * after a write that did land would read as "key taken". Other calls keep the SDK's retries.
 */
export function createS3Client(connection: S3Connection, options: { maxAttempts?: number } = {}) {
  // The SDK warns on every start that its releases after January 2027 need Node 22; this one
  // is pinned in the lock file and runs on Node 20, so the warning tells the operator nothing.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new S3Client({
    endpoint: connection.endpoint,
    region: connection.region,
    credentials: {
      accessKeyId: connection.accessKeyId,
      secretAccessKey: connection.secretAccessKey,
    },
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: options.maxAttempts,
    // A black-holed endpoint fails the start-up check in seconds instead of never. Every file
    // being served holds a socket while the browser reads it (a video), so allow more than
    // the SDK's 50 before reads queue.
    requestHandler: {
      connectionTimeout: 5_000,
      socketTimeout: 60_000,
      httpAgent: { maxSockets: 256 },
      httpsAgent: { maxSockets: 256 },
    },
  });
}

/** The HTTP status of a failed S3 call, when the server answered at all. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** 412: the key exists; 409: another conditional write to it is in flight (AWS). */
export const isKeyTaken = (error: unknown) => statusOf(error) === 412 || statusOf(error) === 409;

function reasonOf(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return "it does not exist; create it first";
  if (status === 401 || status === 403) {
    return "access denied; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY";
  }
  if (status) return `the server answered ${status}`;
  return `no answer (${error instanceof Error ? error.message : String(error)})`;
}

/** Throws a message an operator can act on when the bucket cannot be used. */
export async function checkBucket(client: S3Client, connection: S3Connection): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: connection.bucket }));
  } catch (error) {
    const where = `S3 bucket "${connection.bucket}" at ${connection.endpoint}`;
    throw new Error(`File storage: cannot use the ${where}: ${reasonOf(error)}`, { cause: error });
  }
}

/**
 * Whether the server honours `If-None-Match: *` on PutObject (AWS since 2024, MinIO, R2).
 * Servers that predate it (s3rver) ignore the header and overwrite, so the only safe test is
 * to write one probe key twice. The probe key starts with a dot, which no storage key can.
 */
export async function supportsConditionalWrites(client: S3Client, bucket: string) {
  const Key = `.chatsphere-probe/${randomBytes(8).toString("hex")}`;
  const put = () =>
    client.send(
      new PutObjectCommand({ Bucket: bucket, Key, Body: "-", ContentLength: 1, IfNoneMatch: "*" }),
    );
  try {
    await put();
  } catch (error) {
    // 400 or 501: the header is refused outright, so writes cannot rely on it.
    if (statusOf(error) === 400 || statusOf(error) === 501) return false;
    throw error;
  }
  try {
    await put();
    return false;
  } catch (error) {
    if (isKeyTaken(error)) return true;
    throw error;
  } finally {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
  }
}
