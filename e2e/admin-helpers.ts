import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import { USERS_TEXT } from "@chatsphere/contract";
import { expect } from "./fixtures";

/* Steps of the Manage Users and dashboard specs (admin-users.spec.ts, admin-dashboard.spec.ts). */

let counter = 0;
/**
 * A lowercase prefix no other test or worker uses: accounts are named after it, and the name
 * filter, a case-insensitive substring search, then finds exactly this test's accounts.
 */
export const uniquePrefix = (tag: string) =>
  `${tag}${Date.now().toString(36)}${process.pid % 1000}x${++counter}`;

/** The users table and its body rows. */
export const usersTable = (page: Page) => page.getByRole("table", { name: USERS_TEXT.heading });
export const userRows = (page: Page) => usersTable(page).locator("tbody").getByRole("row");

/** Opens a user's row menu and picks an item. */
export async function pickRowAction(page: Page, name: string, item: string) {
  await page.getByRole("button", { name: USERS_TEXT.rowActions(name) }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** Clicks what starts a download and returns the file's name and text (byte-order mark dropped). */
export async function downloadOf(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), start()]);
  return { fileName: download.suggestedFilename(), text: await textOf(download) };
}

async function textOf(download: Download) {
  const file = await download.path();
  return readFileSync(file, "utf8").replace(/^\uFEFF/, "");
}

/** The search parameters of the page's URL, as an object. */
export const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

export { expect };
