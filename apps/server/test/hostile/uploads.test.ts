import { once } from "node:events";
import { readdirSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { BLOG_IMAGE_MAX_BYTES, CONTENT_ERROR, PERMISSION } from "@chatsphere/contract";
import { contentSnapshot, PNG_1X1 } from "../content-fixtures";
import { ORIGIN, useTestServer } from "../harness";

/*
 * Uploads refused before (or while) the body is read. Each test speaks the oRPC client's
 * multipart wire format over a raw node:http request, sends only part of the body, and waits
 * for the answer: an answer that arrives proves the server did not wait for the rest. Each
 * then re-reads what an upload could change: rows, stored files and temporary files.
 */

const t = useTestServer({ withAdmin: true });

const UPLOAD = "/rpc/admin/uploadBlogImage";
const BOUNDARY = "hostile-upload-boundary";
const MB = 1024 * 1024;

/** The start of the body oRPC's client sends for `{ image: File }`, up to the file's bytes. */
const bodyStart = (fileName: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n` +
      `{"json":{"image":{}},"maps":[["image"]]}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"; filename="${fileName}"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );

const temporaryFiles = () => {
  try {
    return readdirSync(path.join(t.server.dataDir, "files")).filter((n) => n.startsWith(".tmp-"));
  } catch {
    return [];
  }
};

interface Answer {
  status: number;
  connection: string | undefined;
  json: unknown;
}

/**
 * Starts an upload: headers (with `declaredLength` as Content-Length, or chunked without
 * it) and `first`, then nothing more until `feed` says so. `answer` resolves with the
 * response whenever it comes; the body may still be unfinished then.
 */
function startUpload(options: { cookie?: string; declaredLength?: number; first: Buffer }) {
  const headers: Record<string, string | number> = {
    origin: ORIGIN,
    "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.declaredLength !== undefined) headers["content-length"] = options.declaredLength;
  const req = request(`${t.server.baseUrl}${UPLOAD}`, { method: "POST", headers });
  req.on("error", () => undefined); // the server may close while we still write
  const response = (async (): Promise<Answer> => {
    const [res] = (await once(req, "response")) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const json: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return { status: res.statusCode ?? 0, connection: res.headers.connection, json };
  })();
  // Without a deadline a server that waits for the rest of the body would hang the test.
  const answer = Promise.race([
    response,
    new Promise<never>((_, reject) => {
      const why = "no answer within 5 s: the server waits for the rest of the body";
      setTimeout(() => reject(new Error(why)), 5_000).unref();
    }),
  ]);
  req.write(options.first);
  let answered = false;
  answer.then(
    () => (answered = true),
    () => undefined,
  );
  /** Writes `chunk` until the server answers or `maxBytes` are sent; returns what was sent. */
  async function feed(chunk: Buffer, maxBytes: number) {
    let sent = 0;
    while (!answered && sent < maxBytes && !req.destroyed) {
      // A server that closes on us ends the feeding; its answer says why.
      if (!req.write(chunk)) await Promise.race([once(req, "drain"), answer]).catch(() => null);
      sent += chunk.byteLength;
    }
    return sent;
  }
  return { answer, feed, abort: () => req.destroy() };
}

const refusal = (status: number, code: string, message: string) => ({
  json: { defined: false, code, status, message },
});

async function expectNothingChanged(before: Awaited<ReturnType<typeof contentSnapshot>>) {
  expect(await contentSnapshot(t.server)).toEqual(before);
  expect(temporaryFiles()).toEqual([]);
}

describe("hostile uploads (admin.uploadBlogImage)", () => {
  it("anonymous upload is refused with 401 before the body is sent; nothing stored", async () => {
    const before = await contentSnapshot(t.server);
    const upload = startUpload({ declaredLength: 4 * MB, first: bodyStart("a.png") });
    const answer = await upload.answer;
    upload.abort();
    expect(answer).toMatchObject({ status: 401, connection: "close" });
    expect(answer.json).toEqual(refusal(401, "UNAUTHORIZED", PERMISSION.unauthorized));
    await expectNothingChanged(before);
  });

  it("guest and registered user uploads are refused with 403 before the body is sent; nothing stored", async () => {
    const callers = [await t.server.signInAsGuest(), await t.server.signUp()];
    const before = await contentSnapshot(t.server);
    for (const caller of callers) {
      const upload = startUpload({
        cookie: caller.cookie,
        declaredLength: 4 * MB,
        first: Buffer.concat([bodyStart("a.png"), Buffer.from(PNG_1X1)]),
      });
      const answer = await upload.answer;
      upload.abort();
      expect(answer).toMatchObject({ status: 403, connection: "close" });
      expect(answer.json).toMatchObject({ json: { code: "FORBIDDEN", status: 403 } });
    }
    await expectNothingChanged(before);
  });

  it("a declared 30 MB upload is refused with 413 at once, by anyone, admin included; nothing stored", async () => {
    const before = await contentSnapshot(t.server);
    for (const cookie of [undefined, t.admin.cookie]) {
      const upload = startUpload({ cookie, declaredLength: 30 * MB, first: bodyStart("a.png") });
      const answer = await upload.answer;
      upload.abort();
      expect(answer).toMatchObject({ status: 413, connection: "close" });
      expect(answer.json).toEqual(refusal(413, "PAYLOAD_TOO_LARGE", CONTENT_ERROR.imageTooLarge));
    }
    await expectNothingChanged(before);
  });

  it("a chunked upload without Content-Length is cut off with 413 once it crosses the limit; nothing stored", async () => {
    const before = await contentSnapshot(t.server);
    const upload = startUpload({
      cookie: t.admin.cookie,
      first: Buffer.concat([bodyStart("big.png"), Buffer.from(PNG_1X1)]),
    });
    const sent = await upload.feed(Buffer.alloc(64 * 1024), 40 * MB);
    const answer = await upload.answer;
    upload.abort();
    expect(answer).toMatchObject({ status: 413, connection: "close" });
    expect(answer.json).toEqual(refusal(413, "PAYLOAD_TOO_LARGE", CONTENT_ERROR.imageTooLarge));
    // Cut off near the limit, not after reading what the client kept sending.
    expect(sent).toBeLessThan(BLOG_IMAGE_MAX_BYTES + 8 * MB);
    await expectNothingChanged(before);
  });

  it("an upload whose client goes away halfway leaves no partial or temporary file", async () => {
    const before = await contentSnapshot(t.server);
    const upload = startUpload({
      cookie: t.admin.cookie,
      first: Buffer.concat([bodyStart("half.png"), Buffer.from(PNG_1X1)]),
    });
    await upload.feed(Buffer.alloc(64 * 1024), 2 * MB);
    // The server is writing the partial file when the client goes.
    await vi.waitFor(() => expect(temporaryFiles()).toHaveLength(1));
    upload.abort();
    await expect(upload.answer).rejects.toThrow();
    await vi.waitFor(() => expect(temporaryFiles()).toEqual([]));
    await expectNothingChanged(before);
  });

  it("a body that is not an image is refused with 415 from its first bytes; nothing stored", async () => {
    const before = await contentSnapshot(t.server);
    const html = Buffer.from(`<!doctype html><script>alert(1)</script>${" ".repeat(64)}`);
    const upload = startUpload({
      cookie: t.admin.cookie,
      declaredLength: 4 * MB,
      first: Buffer.concat([bodyStart("evil.png"), html]),
    });
    const answer = await upload.answer;
    upload.abort();
    expect(answer).toMatchObject({ status: 415 });
    expect(answer.json).toEqual(
      refusal(415, "UNSUPPORTED_MEDIA_TYPE", CONTENT_ERROR.imageTypeUnsupported),
    );
    await expectNothingChanged(before);
  });

  it("an extension that disagrees with the bytes is refused with 415; nothing stored", async () => {
    const before = await contentSnapshot(t.server);
    const png = new File([PNG_1X1], "photo.jpg", { type: "image/jpeg" });
    await expect(t.admin.client.admin.uploadBlogImage({ image: png })).rejects.toMatchObject({
      status: 415,
      message: CONTENT_ERROR.imageExtensionMismatch,
    });
    const svg = new File(['<svg onload="alert(1)"/>'], "logo.png", { type: "image/png" });
    await expect(t.admin.client.admin.uploadBlogImage({ image: svg })).rejects.toMatchObject({
      status: 415,
      message: CONTENT_ERROR.imageTypeUnsupported,
    });
    await expectNothingChanged(before);
  });

  it("a valid admin upload still works end to end through the oRPC client and is served with its sniffed type", async () => {
    const bytes = new Uint8Array(2 * MB).map((_, i) => (i * 7) % 251);
    bytes.set(PNG_1X1);
    // The browser's claim (image/gif) is ignored; the bytes say PNG.
    const image = new File([bytes], "Cover.png", { type: "image/gif" });
    const { url } = await t.admin.client.admin.uploadBlogImage({ image });
    expect(url).toMatch(/^\/files\/blogs\/\d+\.png$/);
    const response = await t.server.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    // Byte for byte (Buffer#equals: a deep equal of 2 MB elements takes seconds).
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(temporaryFiles()).toEqual([]);
  });
});
