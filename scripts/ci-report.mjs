// `node scripts/ci-report.mjs STAGES [VITEST_JSON...] [--playwright PLAYWRIGHT_JSON]`: what
// .ci/run prints at its end: each stage's wall time (STAGES: lines of "name seconds status"),
// then the 15 slowest test files (Vitest's JSON reports) and tests (Playwright's JSON report),
// as Markdown tables (docs/testing.md keeps them).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const SLOWEST = 15;
const root = process.cwd();
const args = process.argv.slice(2);
const stagesFile = args.shift();
const playwrightAt = args.indexOf("--playwright");
const playwrightFile = playwrightAt >= 0 ? args.splice(playwrightAt, 2)[1] : undefined;
const vitestFiles = args;

const readJson = (file) =>
  file && existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
const seconds = (ms) => (ms / 1000).toFixed(1);
const clock = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}`;

function table(title, header, rows) {
  console.info(`\n${title}\n`);
  console.info(`| ${header.join(" | ")} |`);
  console.info(`|${header.map((_, i) => (i === 0 ? " --- " : " ---: ")).join("|")}|`);
  for (const row of rows) console.info(`| ${row.join(" | ")} |`);
}

if (stagesFile && existsSync(stagesFile)) {
  const stages = readFileSync(stagesFile, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(" "));
  const total = stages.reduce((sum, [, s]) => sum + Number(s), 0);
  table(
    `Stages (${clock(total)} in all)`,
    ["stage", "wall time", "share", "result"],
    stages.map(([name, s, status]) => [
      name,
      clock(Number(s)),
      `${Math.round((100 * Number(s)) / Math.max(total, 1))} %`,
      status,
    ]),
  );
}

for (const file of vitestFiles) {
  const report = readJson(file);
  if (!report) continue;
  const files = report.testResults.map((result) => ({
    name: path.relative(root, result.name),
    ms: result.endTime - result.startTime,
    tests: result.assertionResults.length,
  }));
  files.sort((a, b) => b.ms - a.ms);
  table(
    `Slowest test files of ${path.basename(file)} (${report.numTotalTests} tests in ${files.length} files; ${report.numFailedTests} failed)`,
    ["file", "seconds", "tests"],
    files.slice(0, SLOWEST).map((f) => [f.name, seconds(f.ms), String(f.tests)]),
  );
}

const playwright = readJson(playwrightFile);
if (playwright) {
  const tests = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        tests.push({ name: `${spec.file ?? file}: ${spec.title}`, project: test.projectName, ms });
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.file ?? file);
  };
  for (const suite of playwright.suites) visit(suite, suite.file);
  tests.sort((a, b) => b.ms - a.ms);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = playwright.stats ?? {};
  table(
    `Slowest end-to-end tests (${tests.length} tests: ${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped)`,
    ["test", "seconds"],
    tests
      .slice(0, SLOWEST)
      .map((t) => [`${t.name}${t.project === "setup" ? " (setup)" : ""}`, seconds(t.ms)]),
  );
}
