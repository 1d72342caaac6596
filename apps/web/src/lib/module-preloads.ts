import { yieldToBrowser } from "./yield-to-browser";

/** A chunk of Vite's build manifest (`build.manifest: true`), as far as preloading reads it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** `dist/.vite/manifest.json`: source module (or shared chunk) → its chunk. */
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The scripts a prerendered page will load beyond the entry's own, as `/assets/…` paths, for
 * `preloadModules` to ask for before the router loads the page's route. `sources` are source
 * paths as the manifest names them ("src/routes/blogs/index.tsx"); a route file stands for
 * every chunk the router's code splitting made of it ("src/routes/blogs/index.tsx?tsr-split=
 * loader", …). Each chunk comes with the chunks it imports statically, as the browser would
 * fetch them; what the entry already loads (its own `<script>` and modulepreload tags) is left
 * out.
 */
export function modulePreloads(manifest: BuildManifest, sources: readonly string[]): string[] {
  /** Adds `key`'s chunk and what it imports to `into` (chunk key → file), except `skip`'s. */
  const addClosure = (key: string, into: Map<string, string>, skip?: Map<string, string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key) || skip?.has(key)) return;
    into.set(key, chunk.file);
    for (const imported of chunk.imports ?? []) addClosure(imported, into, skip);
  };
  const entryChunks = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) addClosure(key, entryChunks);
  }
  const pageChunks = new Map<string, string>();
  for (const source of sources) {
    for (const key of Object.keys(manifest)) {
      if (key === source || key.startsWith(`${source}?`)) addClosure(key, pageChunks, entryChunks);
    }
  }
  return [...new Set(pageChunks.values())].map((file) => `/${file}`);
}

/**
 * Asks the browser for `paths` as module scripts (`<link rel="modulepreload">`), a few links per
 * task. Done before the page's route is loaded, so Vite's preload helper, called by each dynamic
 * import, finds every chunk already linked instead of inserting the links itself: 27 links on
 * `/blogs` in one go were a task of ~75 ms with the CPU slowed 4x (half of it `appendChild`),
 * in the middle of React's take-over. Resolves once all are linked (not loaded).
 */
export async function preloadModules(paths: readonly string[], perTask = 6): Promise<void> {
  for (let first = 0; first < paths.length; first += perTask) {
    if (first > 0) await yieldToBrowser();
    for (const href of paths.slice(first, first + perTask)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      // As Vite's own links: the module scripts' fetches (CORS mode) then reuse these.
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    }
  }
}
