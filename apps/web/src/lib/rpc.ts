import { createORPCClient, type ClientContext, type ClientLink } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import { createTanstackQueryUtils } from "@orpc/tanstack-query";
import type { Contract } from "@chatsphere/contract";
import { prerenderScope } from "./prerender-scope";

const httpLink = new RPCLink({
  url: () => `${window.location.origin}/rpc`,
  fetch: (request, init) => fetch(request, { ...init, credentials: "include" }),
});

/**
 * In the browser every call goes to the server over HTTP; while the server prerenders a
 * public page, its loaders' calls go through the link it provides (`prerender-scope.ts`).
 */
const link: ClientLink<ClientContext> = {
  call: (path, input, options) => (prerenderScope()?.link ?? httpLink).call(path, input, options),
};

/** Typed client of the RPC contract; every call is a POST to `/rpc/<router>/<procedure>`. */
export const rpc: ContractRouterClient<Contract> = createORPCClient(link);

/** TanStack Query helpers built from the same client (`orpc.user.getBio.queryOptions()`). */
export const orpc = createTanstackQueryUtils(rpc);
