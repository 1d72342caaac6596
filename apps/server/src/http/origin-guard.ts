import type { MiddlewareHandler } from "hono";
import { PERMISSION } from "@chatsphere/contract";
import { rpcErrorResponse } from "./rpc-error";

/**
 * Refuses state-changing calls sent by another site's page (CSRF). Browsers always send
 * `Origin` on cross-origin POSTs and `Sec-Fetch-Site` on all fetches; calls without either
 * come from non-browser clients, which carry no ambient cookies worth stealing.
 */
export function originGuard(allowedOrigins: string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") {
      return next();
    }
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const foreignOrigin = origin !== undefined && !allowed.has(origin);
    const crossSite = fetchSite === "cross-site";
    if (foreignOrigin || crossSite) {
      return rpcErrorResponse(c, 403, "FORBIDDEN", PERMISSION.foreignOrigin);
    }
    return next();
  };
}
