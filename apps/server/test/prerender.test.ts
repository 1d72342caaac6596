import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { createApp, type App } from "../src/http/app";
import { manifestOf, type BuildManifest, type WebServerEntry } from "../src/http/prerender";
import { NO_PROXY } from "../src/http/proxy-trust";
import { publish, unique } from "./content-fixtures";
import { createTestServer, ORIGIN, type TestServer, type TestUser } from "./harness";

/**
 * The public pages' HTML as the server sends it (decision 0030): what a visitor sees before
 * any JavaScript runs, and what a crawler reads. The web app's server entry is loaded from
 * its source through Vite, as `vite build --ssr` would bundle it, so no build is needed.
 */
const webRoot = fileURLToPath(new URL("../../web", import.meta.url));
const distDir = mkdtempSync(path.join(tmpdir(), "chatsphere-prerender-"));

let vite: ViteDevServer;
let server: TestServer;
let admin: TestUser;
let web: App;

/** A build manifest as `vite build` writes it, for the scripts each page names in its state. */
const manifest: BuildManifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_framework-2.js"] },
  "_framework-2.js": { file: "assets/framework-2.js" },
  "src/routes/index.tsx?tsr-split=component": {
    file: "assets/home-3.js",
    imports: ["_framework-2.js", "_hero-4.js"],
  },
  "_hero-4.js": { file: "assets/hero-4.js" },
  "src/routes/blogs/index.tsx?tsr-split=component": { file: "assets/blogs-5.js" },
  "src/routes/blogs/index.tsx?tsr-split=loader": { file: "assets/blogs-6.js" },
  "src/lib/prerendered-queries.ts": { file: "assets/restore-7.js" },
  "src/routes/_authed/chat.tsx?tsr-split=component": { file: "assets/chat-8.js" },
};
const HOME_MODULES = ["/assets/home-3.js", "/assets/hero-4.js"];

beforeAll(async () => {
  vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const entry = vite.ssrLoadModule("/src/entry-server.tsx") as Promise<WebServerEntry>;
  server = await createTestServer();
  admin = await server.createAdmin();
  mkdirSync(path.dirname(manifestOf(distDir)), { recursive: true });
  writeFileSync(manifestOf(distDir), JSON.stringify(manifest));
  writeFileSync(
    path.join(distDir, "index.html"),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>',
  );
  web = createApp({
    config: { publicUrl: ORIGIN, TRUST_PROXY: NO_PROXY },
    services: server.runtime.services,
    publicConfig: server.runtime.publicConfig,
    origins: server.runtime.origins,
    webDistDir: distDir,
    webServerEntry: entry,
    isReady: () => true,
  });
});
afterAll(async () => {
  await vite?.close();
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = async (pathname: string, cookie?: string) => {
  const response = await web.request(`${ORIGIN}${pathname}`, {
    headers: cookie ? { cookie } : {},
  });
  const html = await response.text();
  const root = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? "";
  const state = /<script type="application\/json" id="prerendered-state">(.*?)<\/script>/.exec(
    html,
  )?.[1];
  return { status: response.status, html, root, state, vary: response.headers.get("vary") };
};

describe("public pages painted from the HTML", () => {
  it("sends the home page's hero and sections in #root, with no script to run", async () => {
    const { status, root, state, vary } = await page("/");
    expect(status).toBe(200);
    expect(root).toMatch(/<h1[^>]*>Talk to the world, <span[^>]*>one chat at a time<\/span><\/h1>/);
    expect(root).toContain("Everything you need to connect");
    // Signed out: the header offers Log In straight away.
    expect(root).toContain(">Log In<");
    // Nothing for the CSP to refuse: React's inline scripts would be blocked.
    expect(root).not.toContain("<script");
    // The page's own scripts beyond the entry's, from the build's manifest (decision 0036).
    expect(JSON.parse(state ?? "null")).toEqual({
      signedOut: true,
      queries: null,
      modules: HOME_MODULES,
    });
    expect(vary).toContain("Cookie");
  });

  it("sends the blog list's posts, escaped, with the data the browser hydrates from", async () => {
    const hostile = `<script>alert("${unique("x")}")</script> & friends`;
    await publish(admin, { title: hostile, slug: unique("hostile"), excerpt: "Careful now." });
    const calm = await publish(admin, {
      title: unique("Calm post"),
      slug: unique("calm"),
      excerpt: "A calm summary.",
    });
    const { status, html, root, state } = await page("/blogs");
    expect(status).toBe(200);
    expect(root).toContain(`<h1`);
    expect(root).toContain(CONTENT_TEXT.blogHeading);
    expect(root).toContain(calm.input.title);
    expect(root).toContain("A calm summary.");
    expect(root).toContain("&lt;script&gt;alert(&quot;");
    expect(root).toContain("&amp; friends");
    // The title is never markup, in the page or in its state.
    expect(html).not.toContain("<script>alert");
    expect(state).toContain("\\u003cscript>alert");
    const parsed = JSON.parse(state ?? "null") as {
      signedOut: boolean;
      queries: unknown[];
      modules: string[];
    };
    expect(parsed.signedOut).toBe(true);
    // The list's code and loader, and the module that restores its data.
    expect(parsed.modules.sort()).toEqual([
      "/assets/blogs-5.js",
      "/assets/blogs-6.js",
      "/assets/restore-7.js",
    ]);
    expect(JSON.stringify(parsed.queries)).toContain(hostile.replace(/"/g, '\\"'));
  });

  it("sends an article's sanitized body, its title and its approved comments", async () => {
    const title = unique("Article");
    const post = await publish(admin, {
      title,
      body: '<p>First paragraph of the story.</p><p onclick="steal()">Second <em>paragraph</em>.</p><script>steal()</script>',
    });
    const reader = await server.signUp();
    const created = await reader.client.blog.createComment({ blogId: post.id, text: "Loved it" });
    await admin.client.admin.approveComment({ id: created.id });

    const { status, root } = await page(`/blogs/${post.slug}`);
    expect(status).toBe(200);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(root).toContain("<p>First paragraph of the story.</p><p>Second <em>paragraph</em>.</p>");
    expect(root).not.toContain("steal()");
    expect(root).toContain("Loved it");
  });

  it("answers a missing article with 404 and 'Blog not found' in the HTML", async () => {
    const { status, root } = await page("/blogs/no-such-post");
    expect(status).toBe(404);
    expect(root).toContain(CONTENT_TEXT.blogNotFound);
  });

  it("renders a signed-in visitor's page anonymously: no name, no e-mail, header left to the browser", async () => {
    const reader = await server.signUp(`${unique("reader")}@example.com`);
    const { root, state } = await page("/", reader.cookie);
    expect(root).toContain("Talk to the world");
    expect(root).not.toContain(reader.email);
    expect(root).not.toContain(reader.email.split("@")[0]);
    expect(root).not.toContain(">Log In<");
    expect(JSON.parse(state ?? "null")).toEqual({
      signedOut: false,
      queries: null,
      modules: HOME_MODULES,
    });
  });

  it("leaves pages that are not public empty for the browser", async () => {
    for (const pathname of ["/chat", "/log-in", "/admin/dashboard", "/no-such-page"]) {
      const { root, state } = await page(pathname);
      expect(root, pathname).toBe("");
      expect(state, pathname).toBeUndefined();
    }
  });
});
