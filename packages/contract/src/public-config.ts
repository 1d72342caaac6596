import { z } from "zod";

/** AdSense's loader; the server's CSP allows its origins when ads are configured. */
export const ADS_SCRIPT_URL = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";

/** The loader for one publisher: the server's HTML and a page reached in the app use this. */
export const adsScriptUrl = (client: string) =>
  `${ADS_SCRIPT_URL}?client=${encodeURIComponent(client)}`;

/**
 * What the server tells the browser about its configuration. It travels in a
 * `<meta name="app-config">` tag of the served HTML (no inline script, so the CSP stays strict).
 */
export const publicConfigSchema = z.object({
  providers: z.object({ google: z.boolean(), facebook: z.boolean() }),
  /** AdSense, when ADS_CLIENT and ADS_SLOT are set: slots go on the pages of `carriesAds`. */
  ads: z.object({ client: z.string(), slot: z.string() }).nullable(),
  /**
   * The admin navigation's external analytics link: the analytics service's site (the origin
   * of ANALYTICS_URL, where Plausible, Umami and the like show their dashboard).
   */
  analyticsUrl: z.string().nullable(),
  /** ANALYTICS_URL itself: the analytics script, loaded by the server's HTML on every page. */
  analyticsScriptUrl: z.string().nullable().default(null),
  /** PUBLIC_URL when set: shared links (a room's) point there, not at the page's address. */
  publicUrl: z.string().nullable().default(null),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_META = "app-config";

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  providers: { google: false, facebook: false },
  ads: null,
  analyticsUrl: null,
  analyticsScriptUrl: null,
  publicUrl: null,
};
