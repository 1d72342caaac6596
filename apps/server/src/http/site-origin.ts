import type { IncomingHttpHeaders } from "node:http";
import { isFromTrustedProxy, lastForwarded, type ProxyTrust } from "./proxy-trust";

/** What the origin rules need of a request: its headers and the socket it came on. */
export interface RequestLike {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string; encrypted?: boolean };
}

export interface OriginPolicy {
  /**
   * The address of the site as this request reached it: `PUBLIC_URL` when set, else the
   * request's own scheme and host. Links, cookies' `Secure` and redirects follow it.
   */
  siteOrigin(request: RequestLike): string | null;
  /** Whether a page of `origin` may change state here (CSRF, WebSocket upgrades). */
  isAllowed(origin: string, request: RequestLike): boolean;
  /** Whether the site as this request sees it is served over https. */
  isSecure(request: RequestLike): boolean;
}

/** `scheme://host[:port]` normalised as browsers write `Origin`, or null when malformed. */
export function originOf(scheme: string, host: string): string | null {
  if (!/^[a-z0-9.\-[\]:]+$/i.test(host)) return null;
  try {
    const origin = new URL(`${scheme}://${host}`).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The request's own origin. Behind a trusted proxy the scheme and host are what the proxy
 * forwarded (`X-Forwarded-Proto`, `X-Forwarded-Host`); otherwise the socket (TLS or not) and
 * the `Host` header.
 */
export function requestOrigin(trust: ProxyTrust, request: RequestLike): string | null {
  const proxied = isFromTrustedProxy(trust, request.socket.remoteAddress);
  const forwardedProto = proxied ? lastForwarded(request.headers["x-forwarded-proto"]) : undefined;
  const forwardedHost = proxied ? lastForwarded(request.headers["x-forwarded-host"]) : undefined;
  const scheme =
    forwardedProto === "https" || forwardedProto === "http"
      ? forwardedProto
      : request.socket.encrypted
        ? "https"
        : "http";
  const host = forwardedHost ?? request.headers.host;
  return host ? originOf(scheme, host) : null;
}

/**
 * Same origin, by the rule of decision 0014: with `PUBLIC_URL` set, that origin (and
 * `ALLOWED_ORIGINS`) alone; without it, the request's own scheme and host, so the product
 * works at `localhost`, `127.0.0.1`, `[::1]` or a LAN address with no configuration.
 */
export function createOriginPolicy(options: {
  publicUrl: string | null;
  allowedOrigins: string[];
  trust: ProxyTrust;
}): OriginPolicy {
  const fixed = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const extra = new Set(options.allowedOrigins);
  const siteOrigin = (request: RequestLike) => fixed ?? requestOrigin(options.trust, request);
  return {
    siteOrigin,
    isAllowed: (origin, request) => extra.has(origin) || origin === siteOrigin(request),
    isSecure: (request) => siteOrigin(request)?.startsWith("https:") ?? false,
  };
}
