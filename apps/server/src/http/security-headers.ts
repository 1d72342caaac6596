import type { MiddlewareHandler } from "hono";
import type { PublicConfig } from "@chatsphere/contract";

export interface CspOptions {
  /** Extra script origins: the ad network and the analytics service, when configured. */
  scriptOrigins: string[];
  /** Extra frame origins (ad iframes). */
  frameOrigins: string[];
  /** Extra origins scripts may call (ad requests, analytics events). */
  connectOrigins: string[];
}

/**
 * AdSense: its loader and what the loader pulls in (ad code, the ad-quality checks of
 * adtrafficquality.google), the ad iframes, and the calls they make. Images come from many
 * hosts and are allowed already (img-src https:). Google does not promise a fixed list; this
 * is the one its loader uses today.
 */
const ADS_ORIGINS = {
  script: [
    "https://pagead2.googlesyndication.com",
    "https://tpc.googlesyndication.com",
    "https://*.adtrafficquality.google",
  ],
  frame: [
    "https://googleads.g.doubleclick.net",
    "https://tpc.googlesyndication.com",
    "https://*.adtrafficquality.google",
    "https://www.google.com",
  ],
  connect: ["https://pagead2.googlesyndication.com", "https://*.adtrafficquality.google"],
};

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
    "connect-src": ["'self'", "ws:", "wss:", ...options.connectOrigins],
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

/**
 * The options of a deployment: HSTS on https; the ad network's origins when ads are on, the
 * analytics script's origin (its script and its events) when analytics is on; nothing of
 * either when unset. Every page allows them, not only those that load them: after a
 * client-side navigation the page keeps the policy of the page it was loaded as.
 */
export function securityOptionsOf(options: {
  config: { publicUrl: string | null };
  publicConfig: Pick<PublicConfig, "ads" | "analyticsScriptUrl">;
}): SecurityHeaderOptions {
  const ads = Boolean(options.publicConfig.ads);
  const script = options.publicConfig.analyticsScriptUrl;
  const analytics = script ? [new URL(script).origin] : [];
  return {
    scriptOrigins: [...(ads ? ADS_ORIGINS.script : []), ...analytics],
    frameOrigins: ads ? ADS_ORIGINS.frame : [],
    connectOrigins: [...(ads ? ADS_ORIGINS.connect : []), ...analytics],
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
