import type { ORPCError } from "@orpc/server";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { CallError } from "@chatsphere/contract";

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

/**
 * An RPC error as a socket call's `result` frame carries it (decision 0032): the fields of
 * the body the HTTP handler writes for the same error (`ORPCError.toJSON`), `defined` aside.
 */
export function callErrorOf(error: ORPCError<string, unknown>): CallError {
  const { code, status, message, data } = error.toJSON();
  return data === undefined ? { code, status, message } : { code, status, message, data };
}
