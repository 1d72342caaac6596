import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  type S3Client,
} from "@aws-sdk/client-s3";

/**
 * Deletes every object whose key starts with `prefix` (a deleted room's files). A listing
 * page holds at most 1 000 keys, which is also DeleteObjects' limit, so each page is one
 * batch. DeleteObjects answers 200 even when some keys fail; those are reported as errors
 * rather than left behind silently.
 */
export async function removeUnderPrefix(client: S3Client, bucket: string, prefix: string) {
  let token: string | undefined;
  do {
    const page: ListObjectsV2CommandOutput = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (objects.length > 0) {
      const result = await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `Could not delete ${failed.length} file(s) under ${prefix}: ${first?.Key} (${first?.Code})`,
        );
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}
