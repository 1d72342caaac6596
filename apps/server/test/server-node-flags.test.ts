import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "../../../scripts/server-node-flags.mjs";

describe("the server's Node flags (npm start)", () => {
  it("collect garbage on the main thread on one core, and leave V8 as it is otherwise", () => {
    expect(serverNodeFlags(1)).toEqual(["--single-threaded-gc"]);
    expect(serverNodeFlags(2)).toEqual([]);
    expect(serverNodeFlags(16)).toEqual([]);
  });

  it("are flags this Node accepts at start, through young and full collections", () => {
    // An unknown flag would stop every one-core server at its start ("bad option").
    const program = `
      const kept = [];
      for (let i = 0; i < 200000; i++) {
        kept.push({ i, text: "message " + i });
        if (kept.length > 20000) kept.splice(0, 10000);
      }
      globalThis.gc();
      console.log(kept.length);`;
    const run = spawnSync(process.execPath, [...serverNodeFlags(1), "--expose-gc", "-e", program], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+$/);
  });
});
