import {
  FIRST_PAGE_JS_BUDGET,
  firstPageScripts,
  gzipSize,
  scriptTable,
  type FirstPageScript,
} from "../scripts/check-first-page.mjs";
import { expect, test } from "./fixtures";

/**
 * The budget of `npm run check:first-page` (computed from the build's manifest) held against
 * what Chromium really fetches when someone opens `/` for the first time, so the two cannot
 * drift apart: a chunk the page loads on start that the static walk misses still counts here.
 */
test.describe("the first page's JavaScript", () => {
  // A first visit: nothing stored yet, so the age question shows too.
  test.use({ ageAccepted: false });

  test("a first visit to / fetches at most the budget, gzipped", async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? "").origin;
    const fetched = new Map<string, Promise<FirstPageScript>>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== "script" || url.origin !== origin) return;
      const script = response.body().then((body) => ({
        url: url.pathname,
        via: "fetched",
        bytes: body.length,
        gzipBytes: gzipSize(body),
      }));
      fetched.set(url.pathname, script);
    });

    await page.goto("/", { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Are you 18 or older?" })).toBeVisible();

    const scripts = await Promise.all(fetched.values());
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    await test.info().attach("scripts fetched by /", {
      body: scriptTable(scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)),
      contentType: "text/markdown",
    });
    expect(total, "gzipped JavaScript fetched by /").toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET);

    // Everything the build's check counts is really loaded (the walk matches the app).
    const missing = firstPageScripts()
      .map((s) => s.url)
      .filter((url) => !fetched.has(url));
    expect(missing, "scripts the static check counts but / did not fetch").toEqual([]);
  });

  test("a first visit gets the build's files compressed where it helps and cached for a year", async ({
    page,
  }) => {
    const answers: Promise<[string, Record<string, string>, number]>[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.startsWith("/assets/")) return;
      answers.push(
        Promise.all([response.allHeaders(), response.body()]).then(([headers, body]) => [
          pathname,
          headers,
          body.length,
        ]),
      );
    });
    await page.goto("/", { waitUntil: "networkidle" });
    const files = await Promise.all(answers);
    const kinds = new Set(files.map(([pathname]) => pathname.split(".").pop()));
    expect([...kinds].sort()).toEqual(["css", "js", "woff2"]);
    for (const [pathname, headers, bytes] of files) {
      expect(headers["cache-control"], pathname).toBe("public, max-age=31536000, immutable");
      expect(headers["content-security-policy"], pathname).toContain("default-src 'self'");
      expect(headers["x-content-type-options"], pathname).toBe("nosniff");
      // Scripts and styles of 1 KB or more come as the build compressed them (brotli); smaller
      // ones, and the font (compressed already), as they are.
      const compressed = !pathname.endsWith(".woff2") && bytes >= 1024;
      expect(headers["content-encoding"], pathname).toBe(compressed ? "br" : undefined);
    }
  });
});

/**
 * The age question is a light dialog rather than Radix's (that code would not fit the budget);
 * it must still hold the visitor as Radix's did.
 */
test.describe("the age question without Radix", () => {
  test.use({ ageAccepted: false });

  test("keeps focus inside, the page behind out of reach, and lets go once answered", async ({
    page,
  }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Are you 18 or older?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(/chat platform for adults only/);
    const adult = dialog.getByRole("button", { name: "I am 18 or older" });
    const minor = dialog.getByRole("link", { name: "I am under 18" });
    await expect(adult).toBeFocused();
    for (const [key, next] of [
      ["Tab", minor],
      ["Tab", adult],
      ["Shift+Tab", minor],
      ["Shift+Tab", adult],
    ] as const) {
      await page.keyboard.press(key);
      await expect(next).toBeFocused();
    }
    await expect(page.locator("#root")).toHaveAttribute("inert", "");
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

    await adult.click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
    await page.getByRole("link", { name: "Blogs" }).first().click();
    await expect(page).toHaveURL(/\/blogs$/);
  });
});
