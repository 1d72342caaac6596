import { createORPCClient } from "@orpc/client";
import { RPCLink } from "@orpc/client/fetch";
import type { ContractRouterClient } from "@orpc/contract";
import { createTanstackQueryUtils } from "@orpc/tanstack-query";
import type { Contract } from "@chatsphere/contract";

const link = new RPCLink({
  url: `${window.location.origin}/rpc`,
  fetch: (request, init) => fetch(request, { ...init, credentials: "include" }),
});

/** Typed client of the RPC contract; every call is a POST to `/rpc/<router>/<procedure>`. */
export const rpc: ContractRouterClient<Contract> = createORPCClient(link);

/** TanStack Query helpers built from the same client (`orpc.user.getBio.queryOptions()`). */
export const orpc = createTanstackQueryUtils(rpc);
