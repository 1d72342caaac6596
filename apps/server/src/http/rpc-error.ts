import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error in the RPC error shape of SPEC §3 (code, status, message, defined), from HTTP middleware. */
export function rpcErrorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
) {
  return c.json({ defined: false, code, status, message }, status);
}
