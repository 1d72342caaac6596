// `npm start`: builds whatever is missing or older than its sources, then serves the whole
// product (web app, API, realtime) on PORT (3000) with data under DATA_DIR (./data).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeFlags } from "./server-node-flags.mjs";

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

// A .env file beside package.json is read if present (see .env.example).
if (existsSync(at(".env"))) process.loadEnvFile(at(".env"));

const contract = ["packages/contract/src"];
const targets = [
  {
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
  {
    workspace: "@chatsphere/server",
    artifact: "apps/server/dist/main.js",
    sources: [...contract, "apps/server/src", "apps/server/build.mjs"],
  },
];

for (const target of targets) {
  if (!isStale(target.artifact, target.sources)) continue;
  console.info(`Building ${target.workspace}...`);
  const result = spawnSync("npm", ["run", "build", "-w", target.workspace], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server's Node flags: on one core, its garbage collected on its own thread (decision
// 0041, server-node-flags.mjs). No --enable-source-maps: it makes Node read and keep the source
// map of every installed package that ships one (20-35 MB more RSS from the start, decision
// 0031). The bundle is not minified, so a stack trace still names the functions; `node
// --enable-source-maps apps/server/dist/main.js` gives TypeScript positions when they are wanted.
const server = spawn(process.execPath, [...serverNodeFlags(), at("apps/server/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
