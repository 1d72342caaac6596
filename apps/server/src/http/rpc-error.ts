import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The RPC error shape of SPEC §3 (code, status, message, defined). */
export const rpcErrorBody = (status: number, code: string, message: string) => ({
  defined: false,
  code,
  status,
  message,
});

/** An RPC error from Hono middleware, before any procedure runs. */
export function rpcErrorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
) {
  return c.json(rpcErrorBody(status, code, message), status);
}
