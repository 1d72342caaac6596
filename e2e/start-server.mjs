// Starts the built server for the end-to-end run on a fresh, empty data directory.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  stdio: "inherit",
  env: process.env,
});
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
