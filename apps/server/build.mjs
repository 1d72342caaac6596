// Bundles the server into dist/main.js, and the child process that creates the embedded
// database on a first start into dist/pglite-initdb.js. Workspace code (the contract) is
// bundled in; installed packages stay external and load from node_modules at run time.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@chatsphere/"));

await build({
  absWorkingDir: fileURLToPath(new URL(".", import.meta.url)),
  // The server, and the child process that creates the embedded database on a first start
  // (src/db/pglite-data-dir.ts looks for it beside main.js).
  entryPoints: ["src/main.ts", "src/db/pglite-initdb.ts"],
  entryNames: "[name]",
  // Code loaded on demand (the S3 storage and its SDK, only when S3_* is set) in chunks of its
  // own, and what both entry points share in one, under dist/chunks.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "warning",
});
console.info("server built: apps/server/dist/main.js (and dist/pglite-initdb.js)");
