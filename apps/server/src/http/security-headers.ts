import type { MiddlewareHandler } from "hono";

export interface CspOptions {
  /** Extra script origins, e.g. the ad network when ads are configured. */
  scriptOrigins: string[];
  /** Extra frame origins (ad iframes). */
  frameOrigins: string[];
}

/** A CSP that allows only what the app needs: its own scripts, styles, media and sockets. */
export function contentSecurityPolicy(options: CspOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...options.scriptOrigins],
    // Radix and sonner position popovers with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    // Chat messages that are only a media URL render inline (SPEC §5), like images do.
    "media-src": ["'self'", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", "ws:", "wss:"],
    "frame-src": options.frameOrigins.length > 0 ? options.frameOrigins : ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export type SecurityHeaderOptions = CspOptions & { hsts: boolean };

/** The options of a deployment: HSTS on https, the ad network's origins when ads are on. */
export function securityOptionsOf(options: {
  config: { publicUrl: string | null };
  publicConfig: { ads: unknown };
}): SecurityHeaderOptions {
  const ads = Boolean(options.publicConfig.ads);
  return {
    scriptOrigins: ads ? ["https://pagead2.googlesyndication.com"] : [],
    frameOrigins: ads
      ? ["https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com"]
      : [],
    // Without PUBLIC_URL the site may be opened over plain http (a LAN address): no HSTS.
    hsts: options.config.publicUrl?.startsWith("https://") ?? false,
  };
}

/** The headers every response carries, HTML or JSON, whichever listener writes it. */
export function securityHeaderList(options: SecurityHeaderOptions): [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(options)],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), geolocation=(), payment=(), usb=()"],
  ];
  if (options.hsts) {
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  }
  return headers;
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const headers = securityHeaderList(options);
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.header(name, value);
  };
}
