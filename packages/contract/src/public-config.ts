import { z } from "zod";

/**
 * What the server tells the browser about its configuration. It travels in a
 * `<meta name="app-config">` tag of the served HTML (no inline script, so the CSP stays strict).
 */
export const publicConfigSchema = z.object({
  providers: z.object({ google: z.boolean(), facebook: z.boolean() }),
  ads: z.object({ client: z.string(), slot: z.string() }).nullable(),
  analyticsUrl: z.string().nullable(),
  /** PUBLIC_URL when set: shared links (a room's) point there, not at the page's address. */
  publicUrl: z.string().nullable().default(null),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_META = "app-config";

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  providers: { google: false, facebook: false },
  ads: null,
  analyticsUrl: null,
  publicUrl: null,
};
