import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_IMAGE_MAX_BYTES, CONTENT_ERROR } from "@chatsphere/contract";
import { contentSnapshot, PNG_1X1 } from "./content-fixtures";
import { createTestServer, type TestServer, type TestUser } from "./harness";

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server.close());

const file = (bytes: Uint8Array, name: string, type = "image/png") =>
  new File([bytes], name, { type });

const UPLOAD = "/rpc/admin/uploadBlogImage";
const png = () => new Blob([PNG_1X1], { type: "image/png" });
/** The `data` part of oRPC's multipart format, placing file "0" at `field`. */
const dataPart = (field: string) => JSON.stringify({ json: { [field]: {} }, maps: [[field]] });
function form(parts: [string, string | Blob][]) {
  const body = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") body.append(name, value);
    else body.append(name, value, "x.png");
  }
  return body;
}

describe("admin.uploadBlogImage", () => {
  it("stores the image at blogs/{timestamp}.{ext} and serves it with its type and a year's immutable cache", async () => {
    const before = Date.now();
    const { url } = await admin.client.admin.uploadBlogImage({ image: file(PNG_1X1, "Cover.PNG") });
    const match = /^\/files\/blogs\/(\d+)\.png$/.exec(url);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(before);

    const response = await server.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_1X1);
  });

  it("never overwrites: two uploads in the same millisecond get two keys", async () => {
    const [a, b] = await Promise.all([
      admin.client.admin.uploadBlogImage({ image: file(PNG_1X1, "a.png") }),
      admin.client.admin.uploadBlogImage({ image: file(PNG_1X1, "b.png") }),
    ]);
    expect(a.url).not.toBe(b.url);
  });

  it("takes the type from the bytes: SVG, HTML and renamed files are refused (415)", async () => {
    const before = await contentSnapshot(server);
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    );
    await expect(
      admin.client.admin.uploadBlogImage({ image: file(svg, "logo.svg", "image/svg+xml") }),
    ).rejects.toMatchObject({ status: 415, message: CONTENT_ERROR.imageTypeUnsupported });
    const html = new TextEncoder().encode("<script>alert(1)</script>");
    await expect(
      admin.client.admin.uploadBlogImage({ image: file(html, "evil.png") }),
    ).rejects.toMatchObject({ status: 415, message: CONTENT_ERROR.imageTypeUnsupported });
    await expect(
      admin.client.admin.uploadBlogImage({ image: file(PNG_1X1, "photo.jpg", "image/jpeg") }),
    ).rejects.toMatchObject({ status: 415, message: CONTENT_ERROR.imageExtensionMismatch });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("refuses files over the size limit (413) and stores nothing", async () => {
    const before = await contentSnapshot(server);
    const big = new Uint8Array(BLOG_IMAGE_MAX_BYTES + 1);
    big.set(PNG_1X1);
    await expect(
      admin.client.admin.uploadBlogImage({ image: file(big, "big.png") }),
    ).rejects.toMatchObject({ status: 413, message: CONTENT_ERROR.imageTooLarge });
    // A body far over the limit is cut off before it is read at all.
    const huge = new FormData();
    huge.set("data", new Blob([new Uint8Array(BLOG_IMAGE_MAX_BYTES * 2)]), "huge.png");
    const response = await server.request("/rpc/admin/uploadBlogImage", {
      method: "POST",
      headers: { cookie: admin.cookie },
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("names a file without an extension after its sniffed type", async () => {
    const { url } = await admin.client.admin.uploadBlogImage({ image: file(PNG_1X1, "cover") });
    expect(url).toMatch(/^\/files\/blogs\/\d+\.png$/);
  });

  it("refuses an empty file (400) and stores nothing", async () => {
    const before = await contentSnapshot(server);
    await expect(
      admin.client.admin.uploadBlogImage({ image: file(new Uint8Array(0), "empty.png") }),
    ).rejects.toMatchObject({ status: 400, message: CONTENT_ERROR.imageEmpty });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it.each([
    ["a JSON body", () => JSON.stringify({ json: { image: {} } })],
    [
      "the file before its description",
      () =>
        form([
          ["0", png()],
          ["data", dataPart("image")],
        ]),
    ],
    [
      "a description of another field",
      () =>
        form([
          ["data", dataPart("photo")],
          ["0", png()],
        ]),
    ],
    [
      "two files",
      () =>
        form([
          ["data", dataPart("image")],
          ["0", png()],
          ["1", png()],
        ]),
    ],
    [
      "a file under another name",
      () =>
        form([
          ["data", dataPart("image")],
          ["image", png()],
        ]),
    ],
  ])("refuses %s (400) and stores nothing", async (_name, body) => {
    const before = await contentSnapshot(server);
    const response = await server.request(UPLOAD, {
      method: "POST",
      headers: { cookie: admin.cookie },
      body: body(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ json: { code: "BAD_REQUEST", status: 400 } });
    expect(await contentSnapshot(server)).toEqual(before);
  });

  it("answers only POST (405 for GET)", async () => {
    const response = await server.request(UPLOAD, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(405);
  });

  it("refuses visitors (401), guests and users (403) and stores nothing", async () => {
    const guest = await server.signInAsGuest();
    const user = await server.signUp();
    const before = await contentSnapshot(server);
    await expect(
      server.client().admin.uploadBlogImage({ image: file(PNG_1X1, "x.png") }),
    ).rejects.toMatchObject({ status: 401 });
    for (const caller of [guest, user]) {
      await expect(
        caller.client.admin.uploadBlogImage({ image: file(PNG_1X1, "x.png") }),
      ).rejects.toMatchObject({ status: 403 });
    }
    expect(await contentSnapshot(server)).toEqual(before);
  });
});

describe("/files/*", () => {
  it.each([
    "/files/../../etc/passwd",
    "/files/%2e%2e/%2e%2e/etc/passwd",
    "/files/blogs/..%2f..%2fdb",
    "/files/blogs%5c..%5csecret",
    "/files/blogs/none.png",
    "/files/blogs/1.png.meta.json",
    "/files/%E0%A4%A",
  ])("answers 404 for %s", async (path) => {
    const response = await server.request(path);
    expect(response.status).toBe(404);
  });
});
