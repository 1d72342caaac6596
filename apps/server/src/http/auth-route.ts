import type { Context } from "hono";
import { CLIENT_IP_HEADER } from "../auth/auth";
import type { Services } from "../rpc/context";
import type { OriginPolicy, RequestLike } from "./site-origin";

/** `; Secure` on every cookie that lacks it (the site is served over https). */
export function withSecureCookies(response: Response): Response {
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const cookie of cookies) {
    headers.append("set-cookie", /;\s*secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`);
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Hands `/api/auth/*` to better-auth as the site this request reached: the request URL is
 * rebuilt on the site's origin (PUBLIC_URL, or the request's own scheme and host, decision
 * 0014), so better-auth's base URL, trusted origin, redirects and OAuth callback all follow
 * the address the person opened. The caller's address is ours to say (decision 0004).
 */
export function authRequestHandler(services: Services, origins: OriginPolicy) {
  return async (c: Context, request: RequestLike, clientIp: string) => {
    const raw = c.req.raw;
    const origin = origins.siteOrigin(request);
    if (!origin) return c.json({ message: "Bad Host header" }, 400);
    const url = new URL(raw.url);
    const headers = new Headers(raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp);
    const hasBody = raw.method !== "GET" && raw.method !== "HEAD";
    const forwarded = new Request(`${origin}${url.pathname}${url.search}`, {
      method: raw.method,
      headers,
      body: hasBody ? raw.body : null,
      signal: raw.signal,
      // A streamed body (node-server's request) must say it is sent in one direction.
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
    const response = await services.auth.handler(forwarded);
    return origins.isSecure(request) ? withSecureCookies(response) : response;
  };
}
