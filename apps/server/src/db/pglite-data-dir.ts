import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Logger } from "../logger";

/*
 * The embedded database's first start (decision 0031). PGlite runs initdb in the process that
 * opens an empty data directory, and initdb grows that process's WebAssembly memory by a few
 * hundred megabytes that are never returned. So the server has a short-lived child process
 * create the database (pglite-initdb.ts) and then opens it as on any later start.
 *
 * The child works in a directory beside the data directory (`db.initdb-<pid>`), renamed into
 * place only after it exited cleanly: a crash or a kill halfway leaves no directory that a
 * later start would take for a database (PGlite trusts any directory holding PG_VERSION).
 */

/** initdb takes seconds here; this only stops a start that would otherwise hang for good. */
const DEFAULT_TIMEOUT_MS = 5 * 60_000;
/** The end of the child's output kept for the error message. */
const OUTPUT_LIMIT = 8_000;

export type PreparedDataDir = "existing" | "created";

export interface PrepareOptions {
  logger: Logger;
  /** Node arguments that run the child, before the directory (tests: a child that fails). */
  command?: string[];
  timeoutMs?: number;
}

/** The child's entry: beside the bundle in dist, or the source under tsx (dev, tests, seed). */
export function initdbCommand(): string[] {
  const built = fileURLToPath(new URL("./pglite-initdb.js", import.meta.url));
  if (existsSync(built)) return ["--enable-source-maps", built];
  const source = fileURLToPath(new URL("./pglite-initdb.ts", import.meta.url));
  if (existsSync(source)) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    return ["--import", tsx, source];
  }
  throw new Error(`The database creation program was not found (looked for ${built})`);
}

const hasDatabase = (dir: string) => existsSync(path.join(dir, "PG_VERSION"));

/**
 * Makes sure `dataDir` holds a PGlite database before the server opens it: an existing one is
 * left alone; a missing or empty directory gets one made by a child process. A directory with
 * other files but no database is refused rather than written into.
 */
export async function preparePgliteDataDir(
  dataDir: string,
  options: PrepareOptions,
): Promise<PreparedDataDir> {
  if (hasDatabase(dataDir)) return "existing";
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `${dataDir} is not empty but holds no database (no PG_VERSION): move it away or set DATA_DIR to another directory`,
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  removeAbandoned(dataDir);
  const work = `${dataDir}.initdb-${process.pid}`;
  const { logger } = options;
  logger.info(`First start: creating the database in ${dataDir}`);
  const startedAt = performance.now();
  try {
    await runChild(options.command ?? initdbCommand(), work, {
      label: dataDir,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    if (!hasDatabase(work)) {
      throw new Error(
        `Creating the database in ${dataDir} failed: the initdb process exited without making one`,
      );
    }
    // Empty (checked above): removed so that the rename also works where it cannot replace one.
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(work, dataDir);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    // Another process starting on the same directory finished first: its database is whole.
    if (hasDatabase(dataDir)) {
      logger.warn(`${dataDir} was created by another process meanwhile; using it`);
      return "existing";
    }
    throw error;
  }
  logger.info(`Database created (${Math.round(performance.now() - startedAt)} ms)`);
  return "created";
}

/** Work directories of earlier starts that died halfway (this process's pid: a restart in a container). */
function removeAbandoned(dataDir: string) {
  const parent = path.dirname(dataDir);
  const prefix = `${path.basename(dataDir)}.initdb-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isInteger(pid)) continue;
    if (pid === process.pid || !isRunning(pid)) {
      rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function runChild(
  command: string[],
  dir: string,
  options: { label: string; timeoutMs: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...command, dir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    const failed = (how: string) => {
      const said = output.trim();
      reject(
        new Error(
          `Creating the database in ${options.label} failed: the initdb process ${how}` +
            (said ? `; its output:\n${said}` : " without output"),
        ),
      );
    };
    child.once("error", (error) => {
      clearTimeout(timer);
      failed(`could not run (${error.message})`);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else if (timedOut) failed(`did not finish within ${Math.round(options.timeoutMs / 1000)} s`);
      else if (signal) failed(`was killed by ${signal}`);
      else failed(`exited with code ${code ?? "?"}`);
    });
  });
}
