import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { bootstrap } from "../bootstrap";
import { loadConfig } from "../config";
import type { Logger } from "../logger";
import { preparePgliteDataDir } from "./pglite-data-dir";

/*
 * The embedded database's first start (decision 0031): a child process makes the database
 * beside DATA_DIR/db and it is renamed into place only once whole, so the server never runs
 * initdb itself and a failed or killed child leaves nothing a later start would trust.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "chatsphere-first-start-"));
  dirs.push(dir);
  return dir;
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(m),
    error: (m) => void lines.push(m),
  };
  return { logger, lines };
}

/** Node arguments of a stand-in child: `script` runs with the work directory as `dir`. */
const child = (script: string) => [
  "--input-type=module",
  "-e",
  `import * as fs from "node:fs"; const dir = process.argv[1]; ${script}`,
];
/** A child that gets as far as PG_VERSION (which PGlite trusts) and then fails as told. */
const halfway = (then: string) =>
  child(
    `fs.mkdirSync(dir, { recursive: true }); fs.writeFileSync(dir + "/PG_VERSION", "17\\n"); ${then}`,
  );

/** Everything beside the data directory: the work directories must be gone. */
const besides = (dataDir: string) => readdirSync(path.dirname(dataDir));

describe("the first start of the embedded database", () => {
  it("has a child process create the database, which the server then opens and migrates", async () => {
    const dataDir = tempDir();
    const { logger, lines } = recordingLogger();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const mailer = { send: async () => {} };

    const runtime = await bootstrap(config, { logger, mailer });
    try {
      expect(runtime.database.kind).toBe("pglite");
      const rooms = await runtime.database.db.execute(sql`select count(*)::int as n from room`);
      expect((rooms as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await runtime.close();
    }
    expect(lines.some((l) => l.startsWith("First start: creating the database in"))).toBe(true);
    expect(existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
    expect(besides(path.join(dataDir, "db")).filter((n) => n.includes(".initdb-"))).toEqual([]);

    // A later start opens it as it is: no child, same data.
    const again = recordingLogger();
    const second = await bootstrap(config, { logger: again.logger, mailer });
    await second.close();
    expect(again.lines.filter((l) => l.includes("creating the database"))).toEqual([]);
  }, 120_000);

  it("fails the start with the child's output and exit code, leaving no database behind", async () => {
    const dataDir = path.join(tempDir(), "db");
    const { logger } = recordingLogger();
    const command = halfway(
      `console.error("initdb: could not write to file: No space left"); process.exit(3);`,
    );

    await expect(preparePgliteDataDir(dataDir, { logger, command })).rejects.toThrow(
      /the initdb process exited with code 3; its output:\ninitdb: could not write to file: No space left/,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(besides(dataDir)).toEqual([]);
  });

  it("leaves nothing a later start would take for a database when the child is killed halfway", async () => {
    const dataDir = path.join(tempDir(), "db");
    const { logger } = recordingLogger();
    const command = halfway(`process.kill(process.pid, "SIGKILL");`);

    await expect(preparePgliteDataDir(dataDir, { logger, command })).rejects.toThrow(
      /the initdb process was killed by SIGKILL without output/,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(besides(dataDir)).toEqual([]);
  });

  it("fails when the child exits cleanly without making a database", async () => {
    const dataDir = path.join(tempDir(), "db");
    const { logger } = recordingLogger();
    const command = child(`fs.mkdirSync(dir, { recursive: true });`);

    await expect(preparePgliteDataDir(dataDir, { logger, command })).rejects.toThrow(
      /the initdb process exited without making one/,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it("stops a child that does not finish", async () => {
    const dataDir = path.join(tempDir(), "db");
    const { logger } = recordingLogger();
    const command = child(`setTimeout(() => {}, 60_000);`);

    await expect(
      preparePgliteDataDir(dataDir, { logger, command, timeoutMs: 300 }),
    ).rejects.toThrow(/the initdb process did not finish within/);
    expect(besides(dataDir)).toEqual([]);
  });

  it("removes the work directory of a start that died halfway, and does not use it", async () => {
    const dataDir = path.join(tempDir(), "db");
    // A process that has exited: its pid names an abandoned work directory.
    const gone = spawn(process.execPath, ["-e", ""]);
    const pid = await new Promise<number>((resolve) =>
      gone.once("exit", () => resolve(gone.pid ?? 0)),
    );
    const abandoned = `${dataDir}.initdb-${pid}`;
    mkdirSync(abandoned);
    writeFileSync(path.join(abandoned, "PG_VERSION"), "17\n");
    const { logger } = recordingLogger();
    const command = child(`process.exit(4);`);

    await expect(preparePgliteDataDir(dataDir, { logger, command })).rejects.toThrow(
      /exited with code 4/,
    );
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("refuses a directory that holds other files but no database", async () => {
    const dataDir = path.join(tempDir(), "db");
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, "notes.txt"), "mine");
    const { logger } = recordingLogger();

    await expect(
      preparePgliteDataDir(dataDir, { logger, command: child(`process.exit(5);`) }),
    ).rejects.toThrow(/is not empty but holds no database/);
    expect(readdirSync(dataDir)).toEqual(["notes.txt"]);
  });

  it("leaves an existing database alone", async () => {
    const dataDir = path.join(tempDir(), "db");
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, "PG_VERSION"), "17\n");
    const { logger } = recordingLogger();

    await expect(
      preparePgliteDataDir(dataDir, { logger, command: child(`process.exit(5);`) }),
    ).resolves.toBe("existing");
  });
});
