import {
  DEFAULT_PUBLIC_CONFIG,
  PUBLIC_CONFIG_META,
  publicConfigSchema,
  type PublicConfig,
} from "@chatsphere/contract";

let cached: PublicConfig | null = null;

/** The server's public configuration, read once from the `<meta>` tag it puts in the page. */
export function appConfig(): PublicConfig {
  if (cached) return cached;
  const raw = document.querySelector(`meta[name="${PUBLIC_CONFIG_META}"]`)?.getAttribute("content");
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  const result = publicConfigSchema.safeParse(parsed);
  cached = result.success ? result.data : DEFAULT_PUBLIC_CONFIG;
  return cached;
}
