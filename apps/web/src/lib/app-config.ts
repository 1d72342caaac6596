import { PUBLIC_CONFIG_META, type PublicConfig } from "@chatsphere/contract";
import { prerenderScope } from "./prerender-scope";
import { parsePublicConfig } from "./public-config";

let cached: PublicConfig | null = null;

/** The server's public configuration, read once from the `<meta>` tag it puts in the page. */
export function appConfig(): PublicConfig {
  // A page prerendered on the server has no document: the server says what it configured.
  const scope = prerenderScope();
  if (scope) return scope.config;
  if (cached) return cached;
  const raw = document.querySelector(`meta[name="${PUBLIC_CONFIG_META}"]`)?.getAttribute("content");
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  cached = parsePublicConfig(parsed);
  return cached;
}
