import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address, for rate limits. Behind a proxy (`TRUST_PROXY`) it is the first
 * `X-Forwarded-For` entry; otherwise the socket's address, so a client cannot pick its own
 * bucket by sending that header.
 */
export function clientAddress(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}

export function clientIp(c: Context, trustProxy: boolean): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // Requests made in-process (tests through app.request) have no socket.
    socketAddress = "local";
  }
  return clientAddress(c.req.header("x-forwarded-for"), socketAddress, trustProxy);
}
