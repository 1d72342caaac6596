import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const SCRIPT = "theme-init.js";

/**
 * `theme-init.js` is a classic script (it must run before the first paint, so it cannot be a
 * module), which Vite does not bundle: this copies it into `assets/` under a name with its
 * content's hash and points `index.html` at it, so it is cached for a year like every other
 * asset (a new version is a new name). In development Vite serves it from the app's root.
 */
export function hashedThemeInit(): Plugin {
  let fileName = "";
  let root = process.cwd();
  return {
    name: "chatsphere:hashed-theme-init",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      const source = readFileSync(path.join(root, SCRIPT));
      const hash = createHash("sha256").update(source).digest("hex").slice(0, 10);
      fileName = `assets/theme-init-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source });
    },
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        const tag = `<script src="/${SCRIPT}"></script>`;
        if (!html.includes(tag)) throw new Error(`index.html no longer loads ${tag}`);
        return html.replace(tag, `<script src="/${fileName}"></script>`);
      },
    },
  };
}
