import type { Browser, Page } from "@playwright/test";
import { SAFETY_TEXT, TEXT, type Region } from "@chatsphere/contract";
import { expect } from "./fixtures";
import { messageBox, newVisitor } from "./room-helpers";

/*
 * Stranger chat between two people in browser contexts of their own (e2e/safety.spec.ts,
 * e2e/admin-reports.spec.ts). Each test matches in a region of its own, so parallel tests
 * never pair.
 */

export async function enterAsGuest(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: TEXT.guestLogin }).first().click();
  await page.waitForURL(/\/chat\?tab=stranger-chat/);
}

export async function chooseRegion(page: Page, region: Region) {
  await page.getByRole("combobox", { name: "Region" }).click();
  await page.getByRole("option", { name: region, exact: true }).click();
}

export async function startStranger(page: Page, region: Region) {
  await chooseRegion(page, region);
  await page.getByRole("button", { name: "Start" }).click();
}

/** Two guests in one stranger chat, both ready to write; returns the other page. */
export async function matchStrangers(page: Page, browser: Browser, region: Region) {
  const other = await newVisitor(browser);
  await enterAsGuest(page);
  await enterAsGuest(other);
  // Both pick the region first, then press Start one right after the other: the first one's
  // wait ends after 10 s (SPEC §4), which a starved CI machine once spent between two Starts.
  await chooseRegion(page, region);
  await chooseRegion(other, region);
  await page.getByRole("button", { name: "Start" }).click();
  await other.getByRole("button", { name: "Start" }).click();
  for (const visitor of [page, other]) {
    await expect(visitor.getByTestId("partner-name")).toBeVisible();
    await expect(messageBox(visitor)).toBeEnabled();
  }
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
