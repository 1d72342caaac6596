import type { Plugin } from "vite";

/** The Latin subset of Inter (the body font, SPEC's design): what every page's text is set in. */
const LATIN_INTER = /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the body font from `index.html`. The public pages are painted from the server's HTML
 * (decision 0030), before the stylesheet's `@font-face` would have the font requested: without
 * the preload their text first shows in the fallback font and moves when Inter arrives (layout
 * shift). Other subsets load only when a page needs their characters.
 */
export function preloadFonts(): Plugin {
  return {
    name: "chatsphere:preload-fonts",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        return Object.keys(context.bundle ?? {})
          .filter((file) => LATIN_INTER.test(file))
          .map((file) => ({
            tag: "link",
            attrs: {
              rel: "preload",
              as: "font",
              type: "font/woff2",
              href: `/${file}`,
              crossorigin: "",
            },
            injectTo: "head" as const,
          }));
      },
    },
  };
}
