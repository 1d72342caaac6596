import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_NOT_FOUND_META, BRAND } from "@chatsphere/contract";
import { createApp, type App } from "../src/http/app";
import { NO_PROXY } from "../src/http/proxy-trust";
import { publish, unique } from "./content-fixtures";
import { createTestServer, ORIGIN, type TestServer, type TestUser } from "./harness";

let server: TestServer;
let admin: TestUser;
let web: App;
const distDir = mkdtempSync(path.join(tmpdir(), "chatsphere-web-"));

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createAdmin();
  writeFileSync(
    path.join(distDir, "index.html"),
    "<!doctype html><html><head><!--app-head--></head><body><div id=root></div></body></html>",
  );
  web = createApp({
    config: { publicUrl: ORIGIN, TRUST_PROXY: NO_PROXY },
    services: server.runtime.services,
    publicConfig: server.runtime.publicConfig,
    origins: server.runtime.origins,
    webDistDir: distDir,
    isReady: () => true,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = async (pathname: string) => {
  const response = await web.request(`${ORIGIN}${pathname}`);
  return { status: response.status, html: await response.text() };
};

describe("article <head> sent by the server", () => {
  it("carries the post's title, description, canonical link, Open Graph article and image", async () => {
    const title = `Tips & "tricks" <${unique("t")}>`;
    const post = await publish(admin, {
      title,
      slug: unique("tips"),
      excerpt: "How to meet people you'll actually like.",
      imageUrl: "/files/blogs/123.png",
    });
    const { status, html } = await page(`/blogs/${post.slug}`);
    expect(status).toBe(200);
    const escaped = `${title} | ${BRAND}`.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(
      `<meta name="description" content="How to meet people you&#39;ll actually like." />`,
    );
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blogs/${post.slug}" />`);
    expect(html).toContain(`<meta property="og:type" content="article" />`);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/files/blogs/123.png" />`);
    expect(html).toContain(`<meta property="article:published_time"`);
    expect(html).toContain(`"@type":"BlogPosting"`);
    expect(html).not.toContain("<tricks");
  });

  it("falls back to the body's text for the description", async () => {
    const post = await publish(admin, { body: "<p>The body speaks for itself.</p>" });
    const { html } = await page(`/blogs/${post.slug}`);
    expect(html).toContain(`<meta name="description" content="The body speaks for itself." />`);
    expect(html).toContain(`<meta name="twitter:card" content="summary" />`);
  });

  it("answers an unknown slug with 404 and 'Blog not found'", async () => {
    const { status, html } = await page("/blogs/no-such-post");
    expect(status).toBe(404);
    expect(html).toContain(`<title>${BLOG_NOT_FOUND_META.title}</title>`);
    expect(html).toContain(`<meta name="robots" content="noindex, nofollow" />`);
  });

  it("keeps the blog list's own meta", async () => {
    const { status, html } = await page("/blogs");
    expect(status).toBe(200);
    expect(html).toContain(`<title>Blog | ${BRAND}</title>`);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages and every post with its date", async () => {
    const post = await publish(admin);
    const response = await server.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/blogs</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/about</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/blogs/${post.slug}</loc><lastmod>\\d{4}-`));
    expect(xml).not.toContain("/admin");
    expect(xml).not.toContain("/chat");
  });

  it("keeps crawlers out of private areas and points them to the sitemap", async () => {
    const text = await (await server.request("/robots.txt")).text();
    for (const path of ["/admin", "/chat", "/profile", "/feedback", "/api/", "/rpc/"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).not.toContain("Disallow: /blogs");
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
