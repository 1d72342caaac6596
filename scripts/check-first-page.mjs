// The first page's JavaScript budget (issue 15): the JavaScript a visitor's browser loads for
// `/` before it can run the page, gzipped, must stay within FIRST_PAGE_JS_BUDGET. Computed from
// the build output (run `npm run build` first): the scripts and module preloads of
// apps/web/dist/index.html, the entry chunk's static imports and the `/` route's chunks with
// theirs (from Vite's .vite/manifest.json). Chunks loaded later on demand (other routes, the
// menus, the toaster, the auth client) do not count. e2e/first-page-weight.spec.ts checks the
// same budget against what Chromium really fetches.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** At most 150 kB (150 000 bytes) of gzipped JavaScript loaded initially on `/`. */
export const FIRST_PAGE_JS_BUDGET = 150_000;

/** The route file of `/`, as the manifest names its code-split chunks. */
const FIRST_PAGE_ROUTE = "src/routes/index.tsx";

/** The built web app. */
export const WEB_DIST = fileURLToPath(new URL("../apps/web/dist/", import.meta.url));

/** gzip -9, as the build precompresses (apps/web/build/precompress.ts). */
export const gzipSize = (body) => gzipSync(body, { level: 9 }).length;

/** `src`/`href` of index.html's scripts and module preloads, in document order. */
function htmlScripts(html) {
  const urls = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith("<script")) {
      const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
      if (src) urls.push(src);
    } else if (/\srel="modulepreload"/.test(tag)) {
      const href = /\shref="([^"]+)"/.exec(tag)?.[1];
      if (href) urls.push(href);
    }
  }
  return urls;
}

/**
 * Every script `/` loads before it can run, with its size and gzipped size, largest first.
 * `via` says why it is loaded: index.html, the entry's imports, or the `/` route.
 */
export function firstPageScripts(distDir = WEB_DIST) {
  const html = readFileSync(path.join(distDir, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8"));
  const found = new Map();
  const add = (url, via) => {
    if (!found.has(url)) found.set(url, via);
  };
  for (const url of htmlScripts(html)) add(url, "index.html");

  const walk = (key, via) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    const url = `/${chunk.file}`;
    if (found.has(url) && found.get(url) !== "index.html") return;
    add(url, via);
    for (const imported of chunk.imports ?? []) walk(imported, via);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("the build's manifest has no entry");
  walk(entry, "entry");
  // The route's own code: its component and loader (TanStack Router splits them; the
  // error/pending/not-found components load only when shown).
  const routeChunks = Object.keys(manifest).filter((key) => {
    const [file, query] = key.split("?");
    if (file !== FIRST_PAGE_ROUTE || !query) return false;
    const parts = new URLSearchParams(query).get("tsr-split")?.split("---") ?? [];
    return parts.includes("component") || parts.includes("loader");
  });
  if (routeChunks.length === 0) throw new Error(`no chunk of ${FIRST_PAGE_ROUTE} in the manifest`);
  for (const key of routeChunks) walk(key, "route /");

  return [...found]
    .map(([url, via]) => {
      const body = readFileSync(path.join(distDir, url));
      return { url, via, bytes: body.length, gzipBytes: gzipSize(body) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

/** A markdown table of the scripts and their total. */
export function scriptTable(scripts) {
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const raw = scripts.reduce((sum, s) => sum + s.bytes, 0);
  return [
    "| script | loaded by | size kB | gzipped kB |",
    "| --- | --- | ---: | ---: |",
    ...scripts.map((s) => `| ${s.url} | ${s.via} | ${kB(s.bytes)} | ${kB(s.gzipBytes)} |`),
    `| **total** (${scripts.length} scripts) | | ${kB(raw)} | **${kB(total)}** |`,
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let scripts;
  try {
    scripts = firstPageScripts();
  } catch (error) {
    console.error(`check-first-page: ${error.message} (run npm run build first)`);
    process.exit(2);
  }
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  console.info(scriptTable(scripts));
  const verdict = `${kB(total)} kB of gzipped JavaScript on / (budget ${kB(FIRST_PAGE_JS_BUDGET)} kB)`;
  if (total > FIRST_PAGE_JS_BUDGET) {
    console.error(
      `\nFirst page over budget: ${verdict}. Load the new code where it is used ` +
        "(a route, or import() when needed) rather than on the home page.",
    );
    process.exit(1);
  }
  console.info(`\nFirst page within budget: ${verdict}.`);
}
