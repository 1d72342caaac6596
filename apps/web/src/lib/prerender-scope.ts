import type { ClientContext, ClientLink } from "@orpc/client";
import type { PublicConfig } from "@chatsphere/contract";

/**
 * What the server hands the page it is prerendering (`entry-server.tsx`, decision 0030): the
 * link its loaders' RPC calls go through (the server's own procedures, called in-process as
 * an anonymous visitor) and its public configuration. In the browser there is none.
 */
export interface PrerenderScope {
  link: ClientLink<ClientContext>;
  config: PublicConfig;
}

let current: (() => PrerenderScope | undefined) | null = null;

/** Called once by the server entry: how to find the scope of the request being rendered. */
export function setPrerenderScope(get: () => PrerenderScope | undefined) {
  current = get;
}

/** The scope of the page being prerendered, or null (always null in the browser). */
export function prerenderScope(): PrerenderScope | null {
  return current?.() ?? null;
}
