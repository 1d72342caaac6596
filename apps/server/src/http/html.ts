import type { PageMeta, PublicConfig } from "@chatsphere/contract";
import { adsScriptUrl, PUBLIC_CONFIG_META } from "@chatsphere/contract";

export const HEAD_MARKER = "<!--app-head-->";
/** Inside `#root` in apps/web/index.html: where a prerendered page's HTML goes. */
export const ROOT_MARKER = "<!--app-html-->";

const escapeAttr = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface HeadInput {
  meta: PageMeta;
  canonicalUrl: string;
  siteName: string;
  config: PublicConfig;
  /** An ad-bearing page (contract `carriesAds`, and found): the ad script when ads are on. */
  carriesAds: boolean;
  /** Open Graph type and image, for articles. */
  ogType?: "website" | "article";
  imageUrl?: string | null;
  /** Extra tags already escaped by the caller (JSON-LD, article times). */
  extra?: string;
}

/**
 * The per-route `<head>` tags: title, description, canonical, Open Graph and Twitter card, and
 * the third-party scripts a deployment configures (SPEC §1).
 */
export function renderHead(input: HeadInput): string {
  const { meta } = input;
  const tags = [
    `<title>${escapeAttr(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(input.canonicalUrl)}" />`,
    meta.indexable ? "" : `<meta name="robots" content="noindex, nofollow" />`,
    `<meta property="og:site_name" content="${escapeAttr(input.siteName)}" />`,
    `<meta property="og:type" content="${input.ogType ?? "website"}" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(input.canonicalUrl)}" />`,
    input.imageUrl ? `<meta property="og:image" content="${escapeAttr(input.imageUrl)}" />` : "",
    `<meta name="twitter:card" content="${input.imageUrl ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${escapeAttr(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(meta.description)}" />`,
    `<meta name="${PUBLIC_CONFIG_META}" content="${escapeAttr(JSON.stringify(input.config))}" />`,
    ...thirdPartyScripts(input),
    input.extra ?? "",
  ];
  return tags.filter(Boolean).join("\n    ");
}

/**
 * The analytics script on every page (it follows client-side navigation itself), told the
 * site's host for services that want it (Plausible's `data-domain`); the ad script only on
 * ad-bearing pages, never in the chat or the admin area. Unset: neither.
 */
function thirdPartyScripts(input: HeadInput): string[] {
  const { ads, analyticsScriptUrl } = input.config;
  const analytics = analyticsScriptUrl
    ? `<script defer src="${escapeAttr(analyticsScriptUrl)}" data-domain="${escapeAttr(hostOf(input.canonicalUrl))}"></script>`
    : "";
  const adScript =
    ads && input.carriesAds
      ? `<script async src="${escapeAttr(adsScriptUrl(ads.client))}" crossorigin="anonymous"></script>`
      : "";
  return [analytics, adScript];
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
};

/** The page: its head tags, and the prerendered content of `#root` (empty for the shell). */
export function injectPage(template: string, head: string, rootHtml = ""): string {
  // Functions as replacements: a `$&` in a post must stay text, not a replacement pattern.
  return template.replace(HEAD_MARKER, () => head).replace(ROOT_MARKER, () => rootHtml);
}
