import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSETS_PREFIX, createAssetListener } from "./assets";

const SECURITY: [string, string][] = [
  ["Content-Security-Policy", "default-src 'self'"],
  ["X-Content-Type-Options", "nosniff"],
];
const FILES: Record<string, string> = {
  "app-1.js": "console.log('plain');",
  "app-1.js.br": "brotli bytes",
  "app-1.js.gz": "gzip bytes",
  "inter-2.woff2": "font bytes",
  "style-3.css": "body{color:red}",
  "style-3.css.map": `{"mappings":"${"A".repeat(1100)}"}`,
  "notes-4.txt": "the first text",
  ".env": "SECRET=1",
};

let dir: string;
let server: Server;
let port: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request (fetch would decode the encodings and hide the bytes sent). */
function get(pathname: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "assets-"));
  mkdirSync(path.join(dir, "nested"));
  writeFileSync(path.join(dir, "nested", "deep-5.js"), "nested");
  for (const [name, content] of Object.entries(FILES)) writeFileSync(path.join(dir, name), content);
  const assets = createAssetListener({ dir, headers: SECURITY, maxBytes: 1500 });
  // What the listener leaves is the app's: here a marked 404, so a test sees who answered.
  server = createServer((req, res) => {
    const app = () => {
      res.writeHead(404, { "X-Answered-By": "app" });
      res.end("app");
    };
    const answered = req.url?.startsWith(ASSETS_PREFIX) ? assets(req, res) : false;
    if (answered === false) return app();
    if (answered !== true) void answered.then((done) => done || app());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("the asset listener", () => {
  it("answers a script in the best precompressed copy the browser accepts, with every header", async () => {
    const brotli = await get("/assets/app-1.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(brotli.status).toBe(200);
    expect(brotli.body).toBe(FILES["app-1.js.br"]);
    expect(brotli.headers).toMatchObject({
      "content-encoding": "br",
      vary: "Accept-Encoding",
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "content-length": String(FILES["app-1.js.br"]?.length),
      "content-security-policy": "default-src 'self'",
      "x-content-type-options": "nosniff",
    });
    expect(brotli.headers["last-modified"]).toMatch(/GMT$/);

    const gzip = await get("/assets/app-1.js", { "Accept-Encoding": "gzip" });
    expect(gzip.body).toBe(FILES["app-1.js.gz"]);
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    const plain = await get("/assets/app-1.js?v=2");
    expect(plain.body).toBe(FILES["app-1.js"]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
  });

  it("answers a font as it is, whatever the browser accepts", async () => {
    const font = await get("/assets/inter-2.woff2", { "Accept-Encoding": "gzip, br" });
    expect(font.status).toBe(200);
    expect(font.body).toBe(FILES["inter-2.woff2"]);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers.vary).toBeUndefined();
  });

  it("answers HEAD with the headers and no body", async () => {
    const head = await get("/assets/app-1.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(String(FILES["app-1.js.br"]?.length));
  });

  it("leaves to the app a larger compressible file without a copy the browser takes, ranges, other methods", async () => {
    // The app's compress() compresses it for a browser that takes gzip (1 KB or more).
    const map = "/assets/style-3.css.map";
    expect((await get(map, { "Accept-Encoding": "gzip" })).body).toBe("app");
    expect((await get(map)).body).toBe(FILES["style-3.css.map"]);
    // Under 1 KB compress() sends it as it is, and so does the listener.
    const small = await get("/assets/style-3.css", { "Accept-Encoding": "gzip, br" });
    expect(small.body).toBe(FILES["style-3.css"]);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect((await get("/assets/app-1.js", { Range: "bytes=0-3" })).body).toBe("app");
    expect((await get("/assets/app-1.js", {}, "POST")).body).toBe("app");
  });

  it("leaves to the app what is not a file of the folder by a plain name", async () => {
    for (const pathname of [
      "/assets/missing-9.js",
      "/assets/.env",
      "/assets/../assets.ts",
      "/assets/%2e%2e/assets.ts",
      "/assets/nested/deep-5.js",
      "/assets/nested",
      "/assets/",
    ]) {
      const answer = await get(pathname);
      expect(answer.headers["x-answered-by"], pathname).toBe("app");
    }
  });

  it("reads a file once: later requests get the bytes read then (the names are content hashes)", async () => {
    const first = await get("/assets/notes-4.txt");
    writeFileSync(path.join(dir, "notes-4.txt"), "changed on disk");
    const second = await get("/assets/notes-4.txt");
    expect(first.body).toBe("the first text");
    expect(second.body).toBe("the first text");
  });

  it("leaves files to the app once its memory budget is spent, and answers those it holds", async () => {
    const big = "x".repeat(200);
    writeFileSync(path.join(dir, "big-6.bin"), big);
    writeFileSync(path.join(dir, "big-7.bin"), big);
    expect((await get("/assets/big-6.bin")).body).toBe(big);
    expect((await get("/assets/big-7.bin")).body).toBe("app");
    expect((await get("/assets/big-6.bin")).body).toBe(big);
  });

  it("answers a burst of requests for a file not read yet, each with its bytes", async () => {
    writeFileSync(path.join(dir, "burst-8.js"), "burst");
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("/assets/burst-8.js")));
    expect(answers.map((answer) => answer.body)).toEqual(Array(5).fill("burst"));
  });
});
