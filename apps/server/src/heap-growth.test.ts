import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, setHeapGrowth } from "./heap-growth";

describe("setHeapGrowth", () => {
  it("sets V8's heap growing factor when none was given", () => {
    const set: string[] = [];
    expect(setHeapGrowth({ execArgv: ["--max-old-space-size=512"] }, (f) => set.push(f))).toBe(
      true,
    );
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it.each([
    [{ execArgv: ["--heap-growing-percent=50"] }],
    [{ execArgv: ["--heap_growing_percent=50"] }],
    [{ execArgv: [], nodeOptions: "--enable-source-maps --heap-growing-percent=0" }],
  ])("leaves a factor given on the command line or in NODE_OPTIONS alone (%j)", (given) => {
    const set: string[] = [];
    expect(setHeapGrowth(given, (f) => set.push(f))).toBe(false);
    expect(set).toEqual([]);
  });

  it("is taken by V8 at run time: the factor set in a running process decides how often it collects", () => {
    // A loop whose old generation holds objects that live a little while, as a server's calls
    // in flight do; the factor is set after the process started, as setHeapGrowth does.
    const script = (percent: number) => `
      require("node:v8").setFlagsFromString("--heap-growing-percent=${percent}");
      const { PerformanceObserver, constants } = require("node:perf_hooks");
      let majors = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
      }).observe({ entryTypes: ["gc"] });
      const live = [];
      for (let i = 0; i < 4_000_000; i++) {
        live.push({ i, text: "message " + i, at: [i, i + 1] });
        if (live.length > 150_000) live.splice(0, 50_000);
      }
      setTimeout(() => console.log(majors), 50);
    `;
    const majors = (percent: number) => {
      const run = spawnSync(process.execPath, ["-e", script(percent)], { encoding: "utf8" });
      expect(run.status).toBe(0);
      return Number(run.stdout.trim());
    };
    const tight = majors(10);
    const ours = majors(HEAP_GROWING_PERCENT);
    expect(ours).toBeGreaterThan(0);
    expect(tight).toBeGreaterThan(1.5 * ours);
  });
});
