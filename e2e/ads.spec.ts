import type { Page } from "@playwright/test";
import { ADS_SCRIPT_URL, BRAND } from "@chatsphere/contract";
import { expect, test, uniqueEmail } from "./fixtures";
import { isolatedPort, startIsolatedServer } from "./isolated-server";
import { signUpViaApi } from "./sessions";

/*
 * Ads (SPEC §1, issue 13 item 4): slots on the public content pages only when the server has
 * ADS_CLIENT and ADS_SLOT, nothing at all otherwise. The ad network's script cannot load here
 * (no Internet); the slot's markup and its queued request are what the page controls.
 */

const adSlots = (page: Page) => page.locator("ins.adsbygoogle");
/** The ad network's loader scripts in the document. */
const loaders = (page: Page) =>
  page.locator(`script[src^="${ADS_SCRIPT_URL}?client=ca-pub-0000000000000000"]`).count();

test.describe("ads", () => {
  test("without ADS_CLIENT and ADS_SLOT no page has an ad slot", async ({ page }) => {
    for (const path of ["/", "/about", "/blogs"]) {
      await page.goto(path);
      await expect(page.locator("#main h1").first()).toBeVisible();
      await expect(adSlots(page)).toHaveCount(0);
      await expect(page.getByText("Advertisement", { exact: true })).toHaveCount(0);
    }
  });

  test("with ads configured the public pages carry one labelled slot, the chat and admin none", async ({
    page,
  }) => {
    const saved = { client: process.env.ADS_CLIENT, slot: process.env.ADS_SLOT };
    process.env.ADS_CLIENT = "ca-pub-0000000000000000";
    process.env.ADS_SLOT = "1234567890";
    const fresh = await startIsolatedServer(isolatedPort(test.info().workerIndex));
    process.env.ADS_CLIENT = saved.client;
    process.env.ADS_SLOT = saved.slot;
    if (saved.client === undefined) delete process.env.ADS_CLIENT;
    if (saved.slot === undefined) delete process.env.ADS_SLOT;
    try {
      // The ad network is offline here: refuse its script at once instead of waiting.
      await page.route(/googlesyndication\.com/, (route) => route.abort());
      for (const path of ["/", "/about", "/blogs"]) {
        await page.goto(`${fresh.baseURL}${path}`);
        const slot = adSlots(page);
        await expect(slot).toHaveCount(1);
        await expect(slot).toHaveAttribute("data-ad-client", "ca-pub-0000000000000000");
        await expect(slot).toHaveAttribute("data-ad-slot", "1234567890");
        await expect(slot).toHaveAttribute("data-ad-format", "auto");
        await expect(slot).toHaveAttribute("data-full-width-responsive", "true");
        await expect(page.getByText("Advertisement", { exact: true })).toBeVisible();
        // One request queued for the one slot (once the app has taken over the painted page),
        // one loader (the HTML's, not a second).
        await expect.poll(() => page.evaluate(() => window.adsbygoogle?.length)).toBe(1);
        expect(await loaders(page)).toBe(1);
      }
      await signUpViaApi(page, uniqueEmail("ads"), fresh.baseURL);
      await page.goto(`${fresh.baseURL}/chat`);
      await expect(page.getByRole("textbox").first()).toBeVisible();
      await expect(adSlots(page)).toHaveCount(0);
      expect(await loaders(page)).toBe(0);
      // Home through the app: the chat's document never had the loader; the slot brings it.
      await page
        .getByRole("link", { name: `${BRAND} home` })
        .first()
        .click();
      await page.waitForURL(`${fresh.baseURL}/`);
      await expect(adSlots(page)).toHaveCount(1);
      await expect.poll(() => loaders(page)).toBe(1);
      await page.goto(`${fresh.baseURL}/admin/log-in`);
      await expect(adSlots(page)).toHaveCount(0);
    } finally {
      await fresh.stop();
    }
  });
});

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}
