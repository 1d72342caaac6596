import { afterEach, describe, expect, it, vi } from "vitest";
import { modulePreloads, preloadModules, type BuildManifest } from "./module-preloads";

/** Shaped as `vite build` writes it: shared chunks under "_name.js", the entry "index.html". */
const manifest: BuildManifest = {
  "index.html": {
    file: "assets/index-1.js",
    isEntry: true,
    imports: ["_framework-2.js", "_icons-3.js"],
  },
  "_framework-2.js": { file: "assets/framework-2.js" },
  "_icons-3.js": { file: "assets/icons-3.js", imports: ["_framework-2.js"] },
  "src/routes/blogs/index.tsx?tsr-split=component": {
    file: "assets/blogs-4.js",
    imports: ["_list-5.js", "index.html", "_framework-2.js"],
  },
  "src/routes/blogs/index.tsx?tsr-split=loader": {
    file: "assets/blogs-6.js",
    imports: ["_api-7.js"],
  },
  "_list-5.js": { file: "assets/list-5.js", imports: ["_icons-3.js", "_badge-8.js"] },
  "_api-7.js": { file: "assets/api-7.js", imports: ["_badge-8.js"] },
  "_badge-8.js": { file: "assets/badge-8.js" },
  "src/routes/blogs/index-old.tsx?tsr-split=component": { file: "assets/old-9.js" },
  "src/lib/restore.ts": { file: "assets/restore-10.js", imports: ["_api-7.js"] },
};

describe("modulePreloads", () => {
  it("gives every chunk of a route file and what they import, not the entry's own", () => {
    expect(modulePreloads(manifest, ["src/routes/blogs/index.tsx"]).sort()).toEqual([
      "/assets/api-7.js",
      "/assets/badge-8.js",
      "/assets/blogs-4.js",
      "/assets/blogs-6.js",
      "/assets/list-5.js",
    ]);
  });

  it("names each script once across several sources, and takes plain modules by their name", () => {
    const paths = modulePreloads(manifest, ["src/routes/blogs/index.tsx", "src/lib/restore.ts"]);
    expect(paths).toHaveLength(new Set(paths).size);
    expect(paths).toContain("/assets/restore-10.js");
    expect(paths.filter((path) => path === "/assets/api-7.js")).toHaveLength(1);
  });

  it("gives nothing for a source the build does not know, or none", () => {
    expect(modulePreloads(manifest, ["src/routes/missing.tsx"])).toEqual([]);
    expect(modulePreloads(manifest, [])).toEqual([]);
  });
});

describe("preloadModules", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Just enough of `document` to see which links were added, and in which task. */
  function fakeDocument() {
    let task = 0;
    const added: { rel: string; crossOrigin: string | null; href: string; task: number }[] = [];
    vi.stubGlobal("document", {
      createElement: () => ({ rel: "", crossOrigin: null, href: "" }),
      head: {
        appendChild: (link: { rel: string; crossOrigin: string | null; href: string }) => {
          added.push({ ...link, task });
        },
      },
    });
    const nextTask = () => task++;
    return { added, nextTask };
  }

  it("links every script as a module, as Vite's own links do, a few per task", async () => {
    const { added, nextTask } = fakeDocument();
    const paths = Array.from({ length: 14 }, (_, index) => `/assets/chunk-${index}.js`);
    const ticking = setInterval(nextTask, 0);
    await preloadModules(paths, 6);
    clearInterval(ticking);
    expect(added.map((link) => link.href)).toEqual(paths);
    expect(added.every((link) => link.rel === "modulepreload" && link.crossOrigin === "")).toBe(
      true,
    );
    // The first six in the calling task; the rest after the browser had a turn.
    expect(added.slice(0, 6).every((link) => link.task === 0)).toBe(true);
    const tasks = new Set(added.map((link) => link.task));
    expect(tasks.size).toBe(3);
  });

  it("adds nothing for a page without scripts of its own", async () => {
    const { added } = fakeDocument();
    await preloadModules([]);
    expect(added).toEqual([]);
  });
});
