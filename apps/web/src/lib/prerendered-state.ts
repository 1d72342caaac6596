import type { QueryClient } from "@tanstack/react-query";
import { preloadModules } from "./module-preloads";
import { SESSION_KEY } from "./session/session-query";
import { holdSessionWhileHydrating } from "./session/use-session";

/** The id of the `<script type="application/json">` a prerendered page carries its state in. */
export const PRERENDERED_STATE_ID = "prerendered-state";

/**
 * What the browser needs to render a prerendered page exactly as the server did: whether the
 * visitor is signed out (the header then shows Log In at once) and the public data the page's
 * loaders read, serialized as RPC results are (dates stay dates). Never anything private:
 * the server renders every page as an anonymous visitor.
 */
export interface PrerenderedState {
  signedOut: boolean;
  queries: [json: unknown, meta: unknown[]] | null;
  /** The page's own scripts beyond the entry's (`/assets/…`), to fetch before its route loads. */
  modules: string[];
}

/** The state element's text: JSON that cannot close the script element it sits in. */
export function stateScript(state: PrerenderedState): string {
  const json = JSON.stringify(state).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PRERENDERED_STATE_ID}">${json}</script>`;
}

/**
 * Puts the server's state into the browser's query cache before the page is hydrated, after
 * asking for the page's scripts (all at once, instead of one round trip per import level). The
 * data of the page's queries (the blog's posts) is restored by a module of its own, loaded
 * only by pages that have some: the home page's JavaScript does not grow.
 */
export async function restorePrerenderedState(queryClient: QueryClient): Promise<void> {
  const text = document.getElementById(PRERENDERED_STATE_ID)?.textContent;
  if (!text) return;
  const state = JSON.parse(text) as PrerenderedState;
  await preloadModules(state.modules);
  if (state.signedOut) queryClient.setQueryData(SESSION_KEY, null);
  else holdSessionWhileHydrating();
  if (state.queries) {
    const { restoreQueries } = await import("./prerendered-queries");
    restoreQueries(queryClient, state.queries);
  }
}
