import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { serverNodeFlags } from "../../../scripts/server-node-flags.mjs";
import { servicesOfThisRun } from "./services";

/*
 * Real server processes for the tests that need more than one, or a kill: the built server
 * (dist/main.js) run as `npm start` runs it, with its Node flags, on a free port, ready once
 * `/healthz` answers. The global setup of the server projects (setup-server.ts,
 * setup-services.ts) builds it, when older than its sources, once per run.
 */
const root = fileURLToPath(new URL("../../..", import.meta.url));
const serverEntry = fileURLToPath(new URL("../dist/main.js", import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** Starts a server process with this environment (on PORT, or a free port) and waits for it. */
export async function startServerProcess(env: Record<string, string>) {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `${serverEntry} is missing: run the tests through the server projects of vitest.config.ts (their global setup builds it), or npm run build -w @chatsphere/server`,
    );
  }
  // The services pass is there to run on PostgreSQL: a process without DATABASE_URL would
  // pass on an embedded PGlite instead.
  if (servicesOfThisRun() && !env.DATABASE_URL) {
    throw new Error("a server process of the services pass needs DATABASE_URL");
  }
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: port },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

/** Sends the signal and resolves once the process has exited (at once if it already has). */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}
