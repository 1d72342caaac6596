// `node scripts/parallel.mjs a b c`: runs `npm run a`, `npm run b` and `npm run c` at once
// (`npm run static`: format, lint and typecheck share no state), prints each one's output as
// a block when it ends, with its wall time, and fails when any of them failed.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);

function run(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? "ok" : `failed (exit ${code})`;
      process.stdout.write(`\n── ${script}: ${verdict} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
