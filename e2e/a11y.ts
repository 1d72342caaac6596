import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (the context needs `bypassCSP`, since the app's CSP rightly
 * forbids the injected script) and returns serious and critical violations, readably.
 * `within` limits the check to one part of the page (a CSS selector).
 */
export async function seriousA11yViolations(page: Page, within?: string): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    // A menu or dialog still fading in is checked once it is in place: mid-fade, its text
    // reads as low contrast. Endless animations (spinners) are not waited for.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const context = selector ? { include: [[selector]] } : document;
    const result = await axe.run(context, { resultTypes: ["violations"] });
    return result.violations;
  }, within);
  return (violations as AxeViolation[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
