import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/*
 * Real server processes for the tests that need more than one, or a kill: `src/main.ts` run
 * with tsx, as `npm run dev` runs it, on a free port, ready once `/healthz` answers.
 */
const serverDir = fileURLToPath(new URL("..", import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** Starts a server process with this environment (on PORT, or a free port) and waits for it. */
export async function startServerProcess(env: Record<string, string>) {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
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
