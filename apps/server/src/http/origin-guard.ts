import type { MiddlewareHandler } from "hono";
import { PERMISSION } from "@chatsphere/contract";
import { nodeRequestOf } from "./client-ip";
import { rpcErrorResponse } from "./rpc-error";
import type { OriginPolicy, RequestLike } from "./site-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing call was sent by another site's page (CSRF). Browsers always send
 * `Origin` on cross-origin POSTs and `Sec-Fetch-Site` on all fetches; calls without either
 * come from non-browser clients, which carry no ambient cookies worth stealing.
 */
export function isForeignCall(request: RequestLike, method: string, origins: OriginPolicy) {
  if (SAFE_METHODS.has(method)) return false;
  const origin = header(request.headers.origin);
  const foreignOrigin = origin !== undefined && !origins.isAllowed(origin, request);
  return foreignOrigin || header(request.headers["sec-fetch-site"]) === "cross-site";
}

/** Refuses foreign state-changing calls with 403 before any handler runs. */
export function originGuard(origins: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    if (isForeignCall(nodeRequestOf(c), c.req.method, origins)) {
      return rpcErrorResponse(c, 403, "FORBIDDEN", PERMISSION.foreignOrigin);
    }
    return next();
  };
}

export const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;
