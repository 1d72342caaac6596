import { GetObjectCommand, HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { statusOf } from "./s3-client";
import { fileInfoOf } from "./s3-metadata";
import { isSafeKey, type ByteRange, type FileInfo, type StoredFile } from "./storage";

/*
 * Reading objects back. An unsafe key is answered as missing without asking the bucket, as
 * local disk does: S3 itself would accept `../x`, but no key of ours can look like that.
 */

/** HeadObject: a 404 (no body to tell a missing key from a missing bucket) is "no file". */
export async function statObject(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<FileInfo | null> {
  if (!isSafeKey(key)) return null;
  try {
    return fileInfoOf(await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** GetObject, ranged when asked, as a web stream the HTTP layer can hand straight on. */
export async function readObject(
  client: S3Client,
  bucket: string,
  key: string,
  range?: ByteRange,
): Promise<StoredFile | null> {
  if (!isSafeKey(key)) return null;
  const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range }));
    if (!object.Body) return null;
    return { ...fileInfoOf(object), body: object.Body.transformToWebStream() };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    if (statusOf(error) !== 416) throw error;
    // A range past the end reads as nothing, as on local disk; the caller checks ranges.
    const info = await statObject(client, bucket, key);
    return info && { ...info, body: new Blob([]).stream() };
  }
}
