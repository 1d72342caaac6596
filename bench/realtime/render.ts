/**
 * Prints the report of an earlier run again from its JSON (`bench/results/realtime-*.json`),
 * e.g. after the report's code changed: `npx tsx bench/realtime/render.ts <file>`.
 */
import { readFileSync } from "node:fs";
import { renderReport, type Results } from "./report";

const file = process.argv[2];
if (!file) {
  console.error("usage: npx tsx bench/realtime/render.ts bench/results/realtime-<date>.json");
  process.exit(2);
}
console.info(renderReport(JSON.parse(readFileSync(file, "utf8")) as Results));
