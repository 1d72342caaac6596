import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { call, getRouter, isProcedure, ORPCError, unlazy } from "@orpc/server";
import type { PublicConfig } from "@chatsphere/contract";
import type { Logger } from "../logger";
import { rpcContext, type Services } from "../rpc/context";
import { toRpcError } from "../rpc/errors";
import { ScopedAsyncLocalStorage } from "../scoped-storage";
import { router } from "../rpc/router";

/** An oRPC client link, as the web app's client calls it (`@orpc/client`'s `ClientLink`). */
interface CallLink {
  call(
    path: readonly string[],
    input: unknown,
    options: { signal?: AbortSignal; context: object },
  ): Promise<unknown>;
}

/** What the page being rendered reads from the server (apps/web/src/lib/prerender-scope.ts). */
interface PrerenderScope {
  link: CallLink;
  config: PublicConfig;
}

export interface PrerenderedPage {
  /** The content of `#root`. */
  html: string;
  /** Tags for `<head>`: the page's state for the browser. */
  head: string;
}

/** The browser build's manifest (Vite's `build.manifest`): source module → its chunk. */
export type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The web app's server entry (apps/web/src/entry-server.tsx), as far as the server uses it. */
export interface WebServerEntry {
  createPageRenderer(
    scope: () => PrerenderScope | undefined,
    build?: { manifest?: BuildManifest | null },
  ): (request: { url: string; signedOut: boolean }) => Promise<PrerenderedPage | null>;
}

export interface PrerenderRequest {
  /** Path and query string. */
  url: string;
  cookie: string | undefined;
  clientIp: string;
}

export type Prerender = (request: PrerenderRequest) => Promise<PrerenderedPage | null>;

/** Where `npm run build` puts the web app's server entry, beside the browser's files. */
export const serverEntryOf = (distDir: string) => path.join(distDir, "ssr", "entry-server.js");

/** The built server entry of the web app, or null when there is none (an API-only test). */
export async function loadWebServerEntry(distDir: string): Promise<WebServerEntry | null> {
  const file = serverEntryOf(distDir);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as Partial<WebServerEntry>;
  if (typeof entry.createPageRenderer !== "function") {
    throw new Error(`${file} does not export createPageRenderer: rebuild the web app`);
  }
  return entry as WebServerEntry;
}

/** Where `vite build` writes its manifest, beside the browser's files. */
export const manifestOf = (distDir: string) => path.join(distDir, ".vite", "manifest.json");

/**
 * The browser build's manifest, from which a prerendered page's state names the scripts the
 * page will load (decision 0036); null when the build wrote none (the list is then empty).
 */
export function readBuildManifest(distDir: string): BuildManifest | null {
  const file = manifestOf(distDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as BuildManifest) : null;
}

/**
 * The RPC procedures called in this process, for the loaders of a page being rendered: the
 * same procedures, validation and error mapping as `/rpc`, as an anonymous visitor (no
 * session), so a prerendered page holds nothing that is not public.
 */
function inProcessLink(services: Services, clientIp: string): CallLink {
  const context = rpcContext(services, null, clientIp);
  return {
    async call(procedurePath, input, options) {
      const { default: procedure } = await unlazy(getRouter(router, procedurePath));
      if (!isProcedure(procedure)) throw new ORPCError("NOT_FOUND", { message: "Not found" });
      try {
        return await call(procedure, input, {
          context,
          path: procedurePath,
          signal: options.signal,
        });
      } catch (error) {
        throw toRpcError(error, services.logger);
      }
    },
  };
}

/** The scope of the page being rendered; one for the process, as the web app's module is one. */
const scopes = new ScopedAsyncLocalStorage<PrerenderScope>();

/**
 * Renders public pages to HTML with the web app's own components (decision 0030). Any failure
 * sends the empty shell, as before prerendering: the browser renders the page and reports the
 * error itself.
 */
export function createPrerender(options: {
  entry: Promise<WebServerEntry | null>;
  /** The browser build's manifest (`readBuildManifest`), for the pages' lists of scripts. */
  manifest: BuildManifest | null;
  services: Services;
  config: PublicConfig;
  logger: Logger;
}): Prerender {
  const renderer = options.entry.then(
    (entry) =>
      entry?.createPageRenderer(() => scopes.getStore(), { manifest: options.manifest }) ?? null,
    (error: unknown) => {
      options.logger.error("prerender: could not load the web app's server entry", error);
      return null;
    },
  );
  return async ({ url, cookie, clientIp }) => {
    const render = await renderer;
    if (!render) return null;
    try {
      // Only the sign-in state is used, never who it is: the header of a page without a
      // session can say Log In straight away.
      const signedOut = !cookie || !(await options.services.sessions.get(cookie));
      const scope = { link: inProcessLink(options.services, clientIp), config: options.config };
      return await scopes.run(scope, () => render({ url, signedOut }));
    } catch (error) {
      options.logger.error(`prerender: ${url} failed`, error);
      return null;
    }
  };
}
