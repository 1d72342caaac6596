// `npm start`: builds whatever is missing or older than its sources, then serves the whole
// product (web app, API, realtime) on PORT (3000) with data under DATA_DIR (./data).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.mjs";
import { serverNodeFlags } from "./server-node-flags.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const at = (p) => path.join(root, p);

// A .env file beside package.json is read if present (see .env.example).
if (existsSync(at(".env"))) process.loadEnvFile(at(".env"));

try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
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
