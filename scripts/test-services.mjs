// `npm run test:services`: the server-services project of vitest.config.ts. The files that
// need PostgreSQL or Redis (`*.services.test.ts`), and the procedure tests again on the real
// PostgreSQL of this machine (each test file creates and drops its own database); not the unit
// tests, which `vitest run` ran already. A service that is down is a failure, never a silent
// skip: checked here first, and again by the project's global setup (setup-services.ts).
import { spawnSync } from "node:child_process";
import net from "node:net";

const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

for (const [name, url] of [
  ["PostgreSQL", databaseUrl],
  ["Redis", redisUrl],
]) {
  if (!(await reachable(url))) {
    console.error(`${name} is not reachable at ${url}; start it (see README "Testing").`);
    process.exit(1);
  }
}

// Arguments after `--` go to Vitest: `npm run test:services -- apps/server/test/rooms.test.ts`.
const args = ["vitest", "run", "--project", "server-services", ...process.argv.slice(2)];
const result = spawnSync("npx", args, {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
