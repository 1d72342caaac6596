import type { Browser, Page } from "@playwright/test";
import { SAFETY_TEXT, type Region } from "@chatsphere/contract";
import { expect, test } from "./fixtures";
import { messageBox, newVisitor } from "./room-helpers";
import { guestViaApi } from "./sessions";

/*
 * Stranger chat between two people in browser contexts of their own (chat, media, safety and
 * admin-reports specs). The e2e server's queues are shared by the parallel workers, so each
 * worker waits in a region of its own: a test never pairs with another test's visitor.
 */

/** One region per worker; World stays for following.spec, whose test waits in the default. */
const WORKER_REGIONS = [
  "Europe",
  "Asia",
  "Africa",
  "Oceania",
  "North America",
  "South America",
  "Antarctica",
] as const satisfies readonly Region[];

/** The region this worker's stranger tests wait in (tests in one worker run one at a time). */
export function workerRegion(): Region {
  const { parallelIndex } = test.info();
  if (parallelIndex >= WORKER_REGIONS.length) {
    throw new Error(`more workers than stranger regions (${WORKER_REGIONS.length})`);
  }
  return WORKER_REGIONS[parallelIndex] ?? "Europe";
}

/**
 * A new guest on the stranger tab, where Guest Login leads. The session is made through the
 * API: the button itself is tested in accounts.spec.ts and shell.spec.ts.
 */
export async function enterAsGuest(page: Page) {
  await guestViaApi(page);
  await page.goto("/chat?tab=stranger-chat");
}

export async function chooseRegion(page: Page, region: Region) {
  await page.getByRole("combobox", { name: "Region" }).click();
  await page.getByRole("option", { name: region, exact: true }).click();
}

/**
 * Two signed-in people on the stranger tab pick this worker's region, then press Start one
 * right after the other: the first one's wait ends after 10 s (SPEC §4), which a starved CI
 * machine once spent between two Starts. Returns when both are talking.
 */
export async function startBoth(page: Page, other: Page) {
  await chooseRegion(page, workerRegion());
  await chooseRegion(other, workerRegion());
  await page.getByRole("button", { name: "Start" }).click();
  await other.getByRole("button", { name: "Start" }).click();
  for (const visitor of [page, other]) {
    await expect(visitor.getByTestId("partner-name")).toBeVisible();
    await expect(messageBox(visitor)).toBeEnabled();
  }
}

/** Two guests in one stranger chat, both ready to write; returns the other page. */
export async function matchStrangers(page: Page, browser: Browser) {
  const other = await newVisitor(browser);
  await enterAsGuest(page);
  await enterAsGuest(other);
  await startBoth(page, other);
  return other;
}

export async function partnerName(page: Page) {
  return (await page.getByTestId("partner-name").textContent()) ?? "";
}

/** Opens the stranger header's menu and picks an item. */
export async function strangerMenu(page: Page, item: string) {
  const name = await partnerName(page);
  await page.getByRole("button", { name: SAFETY_TEXT.moreOptions(name) }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}
