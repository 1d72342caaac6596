/**
 * The server's entry to the web app (decision 0030): it renders a public page to HTML with the
 * same components, router and queries the browser uses, so the page is painted from the HTML
 * and `main.tsx` hydrates it in place. Built by `vite build --ssr` into `dist/ssr/`; the server
 * loads it at start (apps/server/src/http/prerender.ts).
 */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { modulePreloads, type BuildManifest } from "./lib/module-preloads";
import { createQueryClient } from "./lib/query-client";
import { setPrerenderScope, type PrerenderScope } from "./lib/prerender-scope";
import { serializeQueries } from "./lib/prerendered-queries";
import { stateScript } from "./lib/prerendered-state";
import { SESSION_KEY } from "./lib/session/session-query";
import { createAppRouter } from "./router";

export type { PrerenderScope };

/** Resolves once no query of the page is fetching. */
function fetchesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The pages painted from the HTML, by route id, with the route's source file (the build
 * manifest's name for its code): the home page, About, the blog and its articles. The rest (the
 * chat, accounts, the admin area) belong to someone signed in and start in the browser.
 */
const PRERENDERED_ROUTES: ReadonlyMap<string, string> = new Map([
  ["/", "src/routes/index.tsx"],
  ["/about", "src/routes/about.tsx"],
  ["/blogs/", "src/routes/blogs/index.tsx"],
  ["/blogs/$slug", "src/routes/blogs/$slug.tsx"],
]);

/** Loaded by `main.tsx` when the page's state holds query data (prerendered-state.ts). */
const RESTORE_QUERIES_MODULE = "src/lib/prerendered-queries.ts";

export interface PrerenderRequest {
  /** The path and query string of the page. */
  url: string;
  /** No session came with the request: the header is rendered signed out. */
  signedOut: boolean;
}

export interface PrerenderedPage {
  /** The content of `#root`. */
  html: string;
  /** The `<script type="application/json">` the browser takes the page's state from. */
  head: string;
}

/**
 * Sets where the pages being rendered find their request's scope (the server keeps one per
 * request in an AsyncLocalStorage) and returns the renderer. Null means "send the empty shell":
 * a page that is not public, or one whose data could not be read (the browser then shows the
 * error as it always has). `build.manifest` is the browser build's manifest: with it, each
 * page's state names the scripts the page will load (none without it).
 */
export function createPageRenderer(
  scope: () => PrerenderScope | undefined,
  build: { manifest?: BuildManifest | null } = {},
) {
  setPrerenderScope(scope);
  const preloads = new Map<string, string[]>();
  /** The scripts of a page made of `sources`, computed once per combination. */
  const modulesOf = (sources: string[]) => {
    const key = sources.join("\n");
    let modules = preloads.get(key);
    if (modules === undefined) {
      modules = build.manifest ? modulePreloads(build.manifest, sources) : [];
      preloads.set(key, modules);
    }
    return modules;
  };
  return async function renderPage(request: PrerenderRequest): Promise<PrerenderedPage | null> {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient);
    // The browser restores scroll positions itself; the server's inline script for it would be
    // refused by the CSP.
    router.update({
      ...router.options,
      history: createMemoryHistory({ initialEntries: [request.url] }),
      scrollRestoration: false,
    });
    const [, , found] = router.getMatchedRoutes(router.latestLocation.pathname);
    if (!found || !PRERENDERED_ROUTES.has(found.id)) return null;

    if (request.signedOut) queryClient.setQueryData(SESSION_KEY, null);
    await router.load();
    if (router.state.matches.some((match) => match.status !== "success")) return null;
    // What the page fetched beside its loaders (an article's comments) is in its HTML too.
    await fetchesSettled(queryClient);

    let failed = false;
    const { prelude } = await prerender(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
      {
        // Whole: React would otherwise move large finished boundaries to the end of the HTML
        // and put them in place with inline scripts, which the CSP refuses.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: () => {
          failed = true;
        },
      },
    );
    const html = await new Response(prelude).text();
    // A component that threw would be left for the browser to render: send the shell instead.
    if (failed) return null;
    const queries = serializeQueries(queryClient);
    const sources = router.state.matches.flatMap(
      (match) => PRERENDERED_ROUTES.get(match.routeId) ?? [],
    );
    if (queries) sources.push(RESTORE_QUERIES_MODULE);
    const head = stateScript({
      signedOut: request.signedOut,
      queries,
      modules: modulesOf(sources),
    });
    queryClient.clear();
    return { html, head };
  };
}
