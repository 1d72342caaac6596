import type { Context, Env, Hono } from "hono";
import { PAGE_META } from "@chatsphere/contract";
import type { Database } from "../db/client";
import { sitemapEntries } from "../features/blog/service";

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Pages search engines may list, from the contract's table of page meta. */
const PUBLIC_PAGES = Object.entries(PAGE_META)
  .filter(([, meta]) => meta.indexable)
  .map(([path]) => path);

/** Private areas: the contract's non-indexable pages and the API. */
const PRIVATE_PREFIXES = [
  ...Object.entries(PAGE_META)
    .filter(([, meta]) => !meta.indexable)
    .map(([path]) => path),
  "/api/",
  "/rpc/",
];

/** `/sitemap.xml` (public pages and every post) and `/robots.txt` (private areas, sitemap). */
export function mountSeo<E extends Env>(
  app: Hono<E>,
  options: { db: Database; siteOrigin: (c: Context) => string },
) {
  app.get("/robots.txt", (c) => {
    const publicUrl = options.siteOrigin(c);
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ];
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(lines.join("\n"));
  });

  app.get("/sitemap.xml", async (c) => {
    const posts = await sitemapEntries(options.db);
    const publicUrl = options.siteOrigin(c);
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${
        lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""
      }</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((path) => url(path)),
      ...posts.map((post) => url(`/blogs/${encodeURIComponent(post.slug)}`, post.updatedAt)),
      "</urlset>",
      "",
    ].join("\n");
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=600");
    return c.body(xml);
  });
}
