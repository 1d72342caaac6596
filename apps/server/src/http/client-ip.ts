import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address, for rate limits. Behind a proxy (`TRUST_PROXY`) it is the first
 * `X-Forwarded-For` entry; otherwise the socket's address, so a client cannot pick its own
 * bucket by sending that header.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (tests through app.request) have no socket.
    return "local";
  }
}
