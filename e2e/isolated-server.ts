import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/*
 * Servers of their own for tests that need a first start (the admin bootstrap rule, a count
 * of every guest, other settings). A first start creates the database (initdb and the
 * migrations: seconds here, far more on a busy CI machine), so e2e/global-setup.ts makes one
 * such data directory per run and each isolated server starts on a copy of it.
 */

/** How e2e/global-setup.ts tells the workers where the prepared data directory is. */
export const DATA_TEMPLATE_ENV = "E2E_DATA_TEMPLATE";

/** A port for an isolated server of this worker, next to the shared one (E2E_PORT). */
export const isolatedPort = (workerIndex: number) =>
  Number(process.env.E2E_PORT ?? 3100) + 50 + workerIndex;

/** The built server on `port` with its data in `dataDir`, once it answers /healthz. */
async function startServer(port: number, dataDir: string) {
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: "",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
    },
    stdio: "inherit",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (let up = false; !up;) {
    if (child.exitCode !== null) {
      throw new Error(`the server on port ${port} exited (${child.exitCode}) before it was up`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server on port ${port} did not start within 60 s`);
    }
    up = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    /** SIGTERM: the server closes its database, so its directory can be copied afterwards. */
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/** A data directory after a first start of the built server: migrated, and nobody signed up. */
export async function prepareDataTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "chatsphere-e2e-template-"));
  const server = await startServer(await freePort(), dir);
  await server.stop();
  return dir;
}

/**
 * A second server on a fresh copy of the prepared data directory: to the app, a first start.
 * Stop it with the returned function.
 */
export async function startIsolatedServer(port: number) {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (!template) throw new Error(`${DATA_TEMPLATE_ENV} is not set (see e2e/global-setup.ts)`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chatsphere-e2e-fresh-"));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  cpSync(template, dataDir, { recursive: true });
  const server = await startServer(port, dataDir).catch((error: unknown) => {
    remove();
    throw error;
  });
  return {
    baseURL: server.baseURL,
    async stop() {
      await server.stop();
      remove();
    },
  };
}
