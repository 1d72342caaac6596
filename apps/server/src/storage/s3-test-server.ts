import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Connection } from "./s3-client";

/** A running s3rver with one empty bucket, for tests only. */
export interface TestS3Server {
  connection: S3Connection;
  /** The same connection as the S3_* variables a server process reads. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts s3rver (a real S3 HTTP server written in Node, kept in its own temporary folder)
 * on a free port of 127.0.0.1. s3rver accepts the fixed key pair S3RVER / S3RVER.
 */
export async function startTestS3Server(bucket = "chatsphere-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "chatsphere-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const connection: S3Connection = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    connection,
    env: {
      S3_ENDPOINT: connection.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: connection.region,
      S3_ACCESS_KEY_ID: connection.accessKeyId,
      S3_SECRET_ACCESS_KEY: connection.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
