import { BRAND } from "./constants";

/**
 * Titles and descriptions per route, for search engines and link previews. The server puts
 * them in the HTML it sends (previews do not run JavaScript); the web app applies the same
 * values on client-side navigation.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** false for private or utility pages that search engines should skip. */
  indexable: boolean;
}

export const SITE_DESCRIPTION =
  "Chat with strangers worldwide, join chat rooms and message the people you follow. Free, fast and built for safety. Adults (18+) only.";

const page = (title: string, description: string, indexable = true): PageMeta => ({
  title: title ? `${title} | ${BRAND}` : `${BRAND}: Talk to strangers, rooms and friends`,
  description,
  indexable,
});

export const PAGE_META = {
  "/": page("", SITE_DESCRIPTION),
  "/about": page(
    "About",
    `Why ${BRAND} exists: our mission, our vision and the four values we build on: community, global reach, innovation and safety.`,
  ),
  "/blogs": page("Blog", `News, guides and stories from the ${BRAND} team.`),
  "/sign-up": page("Sign Up", `Create your free ${BRAND} account.`),
  "/log-in": page("Log In", `Log in to ${BRAND}.`),
  "/forgot-password": page("Forgot Password", "Get a link to reset your password.", false),
  "/reset-password": page("Reset Password", "Choose a new password.", false),
  "/chat": page("Chat", `Stranger chat, chat rooms and direct messages on ${BRAND}.`, false),
  "/profile": page("Profile", "Your profile.", false),
  "/feedback": page("Feedback", `Tell the ${BRAND} team what you think.`, false),
  "/admin": page("Admin", "Administration.", false),
  "/admin/sign-up": page("New Admin Account", "Create an admin account.", false),
  "/admin/log-in": page("Admin Log In", "Log in as an administrator.", false),
} as const satisfies Record<string, PageMeta>;

export type KnownPath = keyof typeof PAGE_META;

export const NOT_FOUND_META = page("Page not found", "This page does not exist.", false);

/** Routes whose sub-paths are pages too (their own meta may be filled in by the server). */
const SECTIONS = ["/chat", "/admin", "/blogs"] as const;

/** The meta of a known route, or of its section (`/admin/dashboard/tags` takes `/admin`'s). */
export function pageMetaFor(pathname: string): PageMeta | null {
  const clean = pathname.replace(/\/+$/, "") || "/";
  const exact = (PAGE_META as Record<string, PageMeta>)[clean];
  if (exact) return exact;
  const section = SECTIONS.find((prefix) => clean.startsWith(`${prefix}/`));
  return section ? PAGE_META[section] : null;
}

const AD_PAGES = new Set<string>(["/", "/about", "/blogs"]);

/**
 * Pages that carry ads when ads are configured (SPEC §1): the public content pages (home,
 * about, the blog list and its articles), never the chat screen, the admin area, account or
 * sign-in pages. The server loads the ad script on these only; the web app places its slots
 * on them only.
 */
export function carriesAds(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, "") || "/";
  return AD_PAGES.has(clean) || /^\/blogs\/[^/]+$/.test(clean);
}

/** A blog article's meta; the server's head and the web route's loader both use it. */
export const articlePageMeta = (title: string, description: string): PageMeta =>
  page(title, description);

export const BLOG_NOT_FOUND_META = page(
  "Blog not found",
  "This blog post does not exist or has been removed.",
  false,
);
