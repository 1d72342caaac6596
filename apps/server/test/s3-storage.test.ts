import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrap } from "../src/bootstrap";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { createS3Storage } from "../src/storage/s3";
import { startTestS3Server, type TestS3Server } from "../src/storage/s3-test-server";
import { PNG_1X1 } from "./content-fixtures";
import { createTestServer, type TestServer } from "./harness";

const png = (name = "x.png") => new File([PNG_1X1], name, { type: "image/png" });

/** The object as the bucket holds it, read with a storage of its own (not the server's). */
async function inBucket(s3: TestS3Server, url: string) {
  const storage = await createS3Storage(s3.connection);
  try {
    return await storage.stat(url.replace(/^\/files\//, ""));
  } finally {
    await storage.close();
  }
}

describe("a server with S3_* set keeps uploads in the bucket", () => {
  let s3: TestS3Server;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    server = await createTestServer({ env: s3.env });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it("an admin's blog image goes to the bucket, not DATA_DIR, and is served at its URL", async () => {
    const admin = await server.createAdmin();
    const { url } = await admin.client.admin.uploadBlogImage({ image: png() });
    expect(url).toMatch(/^\/files\/blogs\/\d+\.png$/);
    expect(await inBucket(s3, url)).toMatchObject({
      size: PNG_1X1.length,
      contentType: "image/png",
    });
    const files = path.join(server.dataDir, "files");
    expect(existsSync(files) ? readdirSync(files) : []).toEqual([]);

    const response = await server.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_1X1);
  });

  it("does not start when the bucket is missing, and says which bucket and why", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "chatsphere-s3-bad-"));
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: "not-created" });
    const starting = bootstrap(config, {
      logger: createLogger("silent"),
      target: { kind: "pglite", dataDir: null },
    });
    await expect(starting).rejects.toThrow(/S3 bucket "not-created" at .*: it does not exist/);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
