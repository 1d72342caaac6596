// `npm run test:services`: the procedure tests again, on the real PostgreSQL of this machine
// (each test file creates and drops its own database), plus the tests that need Redis.
// A service that is down is a failure, never a silent skip.
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

const result = spawnSync("npx", ["vitest", "run", "--project", "server"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
