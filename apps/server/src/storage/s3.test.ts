import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3ServiceException } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/processes";
import { createS3Storage, type S3Storage } from "./s3";
import { createS3Client, isKeyTaken } from "./s3-client";
import { startTestS3Server, type TestS3Server } from "./s3-test-server";
import { describeStorageContract } from "./storage-contract";

/* The S3 driver against s3rver, a real S3 HTTP server the test starts on a free port. */
describeStorageContract("S3 (s3rver)", async () => {
  const s3 = await startTestS3Server();
  const stagingDir = mkdtempSync(path.join(tmpdir(), "chatsphere-staging-test-"));
  const storage = await createS3Storage({ ...s3.connection, stagingDir });
  return {
    storage,
    stagedFiles: () => readdirSync(stagingDir),
    async close() {
      await storage.close();
      await s3.close();
      rmSync(stagingDir, { recursive: true, force: true });
    },
  };
});

describe("S3 storage", () => {
  let s3: TestS3Server;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    storage = await createS3Storage(s3.connection);
  });
  afterAll(async () => {
    await storage.close();
    await s3.close();
  });

  it("stops at start with a clear message when the bucket does not exist", async () => {
    await expect(createS3Storage({ ...s3.connection, bucket: "no-such-bucket" })).rejects.toThrow(
      /S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+: it does not exist/,
    );
  });

  it("stops at start with a clear message when nothing answers at the endpoint", async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    await expect(createS3Storage({ ...s3.connection, endpoint })).rejects.toThrow(
      /cannot use the S3 bucket .* no answer/,
    );
  });

  it("finds that s3rver ignores If-None-Match and checks for the key before writing", async () => {
    expect(storage.conditionalWrites).toBe(false);
    expect(await storage.create("blogs/a.png", new Uint8Array([1]), PNG)).toBe(true);
    expect(await storage.create("blogs/a.png", new Uint8Array([2, 2]), PNG)).toBe(false);
    expect((await storage.stat("blogs/a.png"))?.size).toBe(1);
  });

  it("keeps a file's type, cache policy and meta on the object, where other S3 tools see them", async () => {
    const meta = { width: 3, height: 2, previewKey: "chat/r/p.webp" };
    await storage.create("chat/r/x.png", new Uint8Array([1]), { ...PNG, meta });
    const client = createS3Client(s3.connection);
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.connection.bucket, Key: "chat/r/x.png" }),
    );
    client.destroy();
    expect(head).toMatchObject({ ContentType: PNG.contentType, CacheControl: PNG.cacheControl });
    expect(head.Metadata).toEqual({ width: "3", height: "2", "preview-key": "chat/r/p.webp" });
  });

  it("reads 412 and 409 answers to a conditional write as 'key taken', and nothing else", () => {
    const answer = (httpStatusCode: number) =>
      new S3ServiceException({ name: "E", $fault: "client", $metadata: { httpStatusCode } });
    expect([412, 409, 404, 500].map((status) => isKeyTaken(answer(status)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

const PNG = { contentType: "image/png", cacheControl: "public, max-age=3600" };
