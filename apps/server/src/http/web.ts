import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Env, Hono } from "hono";
import {
  BRAND,
  carriesAds,
  NOT_FOUND_META,
  pageMetaFor,
  type PageMeta,
  type PublicConfig,
} from "@chatsphere/contract";
import { injectPage, renderHead, type HeadInput } from "./html";
import type { PrerenderedPage } from "./prerender";

/**
 * A page's head as the server knows it; features may resolve their own (blog articles).
 * `status: 404` marks a page whose route exists but whose content does not (an unknown slug).
 */
export type HeadResolver = (
  pathname: string,
  siteOrigin: string,
) => Promise<
  (Omit<HeadInput, "canonicalUrl" | "siteName" | "config" | "carriesAds"> & { status?: 404 }) | null
>;

export interface WebOptions {
  distDir: string;
  /** Where the site is, as this request reached it (canonical and Open Graph links). */
  siteOrigin: (c: Context) => string;
  config: PublicConfig;
  resolvers?: HeadResolver[];
  /** The public pages' HTML, rendered by the web app's server entry (decision 0030). */
  prerender?: (c: Context, url: string) => Promise<PrerenderedPage | null>;
}

/**
 * Serves the built web app: hashed assets with a year of cache, other public files briefly,
 * and every page route as `index.html` with its own head tags filled in. The public pages
 * (home, About, the blog and its articles) come with their content rendered in the HTML, so
 * they paint before any JavaScript runs; the others start empty. Unknown paths get the same
 * shell with a 404 status so crawlers do not index them.
 */
export function mountWebApp<E extends Env>(app: Hono<E>, options: WebOptions) {
  const indexFile = path.join(options.distDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${indexFile} is missing): run npm run build`);
  }
  const template = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), options.distDir) || ".";

  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use(
    "*",
    serveStatic({
      root,
      precompressed: true,
      // Pages are rendered below; the server's own bundle (ssr/) and the build's manifest
      // (.vite/, every source module's name) are not for browsers.
      rewriteRequestPath: (p) =>
        p === "/" || p.endsWith(".html") || p.startsWith("/ssr/") || p.startsWith("/.vite/")
          ? "/__no_such_file__"
          : p,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    }),
  );

  app.get("*", async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const siteOrigin = options.siteOrigin(c);
    let resolved = null;
    for (const resolve of options.resolvers ?? []) {
      resolved = await resolve(pathname, siteOrigin);
      if (resolved) break;
    }
    const known: PageMeta | null = resolved?.meta ?? pageMetaFor(pathname);
    const { status: resolvedStatus, ...resolvedHead } = resolved ?? {};
    const isFound = Boolean(known) && resolvedStatus !== 404;
    const head = renderHead({
      ...resolvedHead,
      meta: known ?? NOT_FOUND_META,
      canonicalUrl: `${siteOrigin}${pathname === "/" ? "/" : pathname.replace(/\/+$/, "")}`,
      siteName: BRAND,
      config: options.config,
      // No ads on a missing article's page ('Blog not found'): there is no content beside them.
      carriesAds: isFound && carriesAds(pathname),
    });
    // A missing article is prerendered too ('Blog not found'); an unknown path is not.
    const page = known && options.prerender ? await options.prerender(c, pathname + search) : null;
    c.header("Cache-Control", "no-cache");
    // The header of a prerendered page depends on whether a session cookie came with it.
    if (page) c.header("Vary", "Cookie");
    const html = page
      ? injectPage(template, `${head}\n    ${page.head}`, page.html)
      : injectPage(template, head);
    return c.html(html, isFound ? 200 : 404);
  });
}
