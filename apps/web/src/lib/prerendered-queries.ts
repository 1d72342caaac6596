import { StandardRPCJsonSerializer } from "@orpc/client/standard";
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import type { PrerenderedState } from "./prerendered-state";
import { SESSION_KEY } from "./session/session-query";

const serializer = new StandardRPCJsonSerializer();

type SerializedQueries = NonNullable<PrerenderedState["queries"]>;

/**
 * The successful queries of a prerendered page except the session (sent on its own), in the
 * RPC's JSON form, or null when the page read nothing.
 */
export function serializeQueries(queryClient: QueryClient): SerializedQueries | null {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === "success" && query.queryHash !== JSON.stringify(SESSION_KEY),
  });
  if (state.queries.length === 0) return null;
  const [json, meta] = serializer.serialize(state);
  return [json, meta];
}

/** The browser's side of `serializeQueries`. */
export function restoreQueries(queryClient: QueryClient, [json, meta]: SerializedQueries) {
  const state = serializer.deserialize(
    json,
    meta as Parameters<StandardRPCJsonSerializer["deserialize"]>[1],
  ) as DehydratedState;
  hydrate(queryClient, state);
}
