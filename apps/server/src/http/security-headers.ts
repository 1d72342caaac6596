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

export function securityHeaders(options: CspOptions & { hsts: boolean }): MiddlewareHandler {
  const csp = contentSecurityPolicy(options);
  return async (c, next) => {
    await next();
    c.header("Content-Security-Policy", csp);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("X-Frame-Options", "DENY");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Permissions-Policy", "camera=(), geolocation=(), payment=(), usb=()");
    if (options.hsts) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
