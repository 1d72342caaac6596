// `npm run bench:*` first: installs the benchmarks' own packages (bench/package.json, outside
// the root workspaces, so the product's `npm ci` does not fetch them) when they are missing or
// older than bench/package-lock.json.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bench = fileURLToPath(new URL("../bench/", import.meta.url));
const installed = `${bench}node_modules/.package-lock.json`;
const lock = `${bench}package-lock.json`;

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.info("Installing the benchmarks' packages (bench/package.json)...");
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
    cwd: bench,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
