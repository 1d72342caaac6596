import type { MiddlewareHandler } from "hono";
import { PERMISSION } from "@chatsphere/contract";
import { rpcErrorResponse } from "./rpc-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing call was sent by another site's page (CSRF). Browsers always send
 * `Origin` on cross-origin POSTs and `Sec-Fetch-Site` on all fetches; calls without either
 * come from non-browser clients, which carry no ambient cookies worth stealing.
 */
export function isForeignCall(
  request: { method: string; origin: string | undefined; fetchSite: string | undefined },
  allowed: ReadonlySet<string>,
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const foreignOrigin = request.origin !== undefined && !allowed.has(request.origin);
  return foreignOrigin || request.fetchSite === "cross-site";
}

/** Refuses foreign state-changing calls with 403 before any handler runs. */
export function originGuard(allowedOrigins: string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const request = {
      method: c.req.method,
      origin: c.req.header("origin"),
      fetchSite: c.req.header("sec-fetch-site"),
    };
    if (isForeignCall(request, allowed)) {
      return rpcErrorResponse(c, 403, "FORBIDDEN", PERMISSION.foreignOrigin);
    }
    return next();
  };
}
