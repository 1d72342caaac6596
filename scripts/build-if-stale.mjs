// Builds the web app and the server when their output is missing or older than any of their
// sources: `npm start` uses it, and so do the tests that start the built server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const at = (p) => path.join(root, p);

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "node_modules") visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(at(p)));
  return newest;
}

const isStale = (artifact, sources) =>
  !existsSync(at(artifact)) || statSync(at(artifact)).mtimeMs < newestMtime(sources);

const contract = ["packages/contract/src"];
const targets = {
  web: {
    workspace: "@chatsphere/web",
    artifact: "apps/web/dist/index.html",
    sources: [
      ...contract,
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/theme-init.js",
      "apps/web/build",
      "apps/web/vite.config.ts",
    ],
  },
  server: {
    workspace: "@chatsphere/server",
    artifact: "apps/server/dist/main.js",
    sources: [...contract, "apps/server/src", "apps/server/build.mjs"],
  },
};

/** Builds each named target that is stale; throws when a build fails. */
export function buildIfStale(names = ["web", "server"]) {
  for (const name of names) {
    const target = targets[name];
    if (!isStale(target.artifact, target.sources)) continue;
    console.info(`Building ${target.workspace}...`);
    const result = spawnSync("npm", ["run", "build", "-w", target.workspace], {
      cwd: root,
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error(`the build of ${target.workspace} failed`);
  }
}
