import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { clientAddress, type ProxyTrust } from "./proxy-trust";
import type { RequestLike } from "./site-origin";

/** Requests made in-process (`app.request` in tests) have no socket: they count as local. */
const IN_PROCESS: RequestLike = { headers: {}, socket: { remoteAddress: "local" } };

/** The Node request behind a Hono context (@hono/node-server binds it as `incoming`). */
export function nodeRequestOf(c: Context): RequestLike {
  const env = c.env as { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } };
  const incoming = env?.server?.incoming ?? env?.incoming;
  return incoming ?? { ...IN_PROCESS, headers: Object.fromEntries(c.req.raw.headers) };
}

/** The caller's address for rate limits (see proxy-trust.ts): the client cannot choose it. */
export function clientIp(c: Context, trust: ProxyTrust): string {
  const request = nodeRequestOf(c);
  return clientAddress(
    trust,
    c.req.header("x-forwarded-for"),
    request.socket.remoteAddress ?? IN_PROCESS.socket.remoteAddress,
  );
}
