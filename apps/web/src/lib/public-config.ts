import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from "@chatsphere/contract";

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === "string";

/**
 * Reads the server's public configuration as the contract's `publicConfigSchema` does (same
 * fields, same defaults, unknown keys dropped, anything else gives the defaults), without
 * zod: this runs on every page, and zod would be a quarter of the first page's JavaScript.
 * `public-config.test.ts` holds it to the schema.
 */
export function parsePublicConfig(value: unknown): PublicConfig {
  if (!isObject(value)) return DEFAULT_PUBLIC_CONFIG;
  const { providers, ads, analyticsUrl } = value;
  const analyticsScriptUrl = value.analyticsScriptUrl ?? null;
  const publicUrl = value.publicUrl ?? null;
  if (
    !isObject(providers) ||
    typeof providers.google !== "boolean" ||
    typeof providers.facebook !== "boolean"
  ) {
    return DEFAULT_PUBLIC_CONFIG;
  }
  if (
    ads !== null &&
    !(isObject(ads) && typeof ads.client === "string" && typeof ads.slot === "string")
  ) {
    return DEFAULT_PUBLIC_CONFIG;
  }
  if (
    !isStringOrNull(analyticsUrl) ||
    !isStringOrNull(analyticsScriptUrl) ||
    !isStringOrNull(publicUrl)
  ) {
    return DEFAULT_PUBLIC_CONFIG;
  }
  return {
    providers: { google: providers.google, facebook: providers.facebook },
    ads: ads === null ? null : { client: ads.client as string, slot: ads.slot as string },
    analyticsUrl,
    analyticsScriptUrl,
    publicUrl,
  };
}
