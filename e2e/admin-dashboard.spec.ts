import {
  DASHBOARD_METRICS,
  DASHBOARD_TEXT,
  USERS_TEXT,
  type DashboardMetric,
} from "@chatsphere/contract";
import type { Page } from "@playwright/test";
import { seriousA11yViolations } from "./a11y";
import { downloadOf, expect, uniquePrefix } from "./admin-helpers";
import { test } from "./fixtures";
import { createAccount } from "./sessions";

/* The admin dashboard's index (SPEC §2 "Admin dashboard shell and index", issue 13). */

// As the shared e2e admin (e2e/admin.setup.ts).
test.use({ asAdmin: true });

/** The number a metric's card shows. */
async function metricValue(page: Page, key: DashboardMetric) {
  const card = page.getByRole("group", { name: DASHBOARD_TEXT.metricLabels[key] });
  const text = await card.locator(`[data-metric="${key}"]`).textContent();
  return Number((text ?? "").replace(/,/g, ""));
}

const localDay = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

test.describe("admin dashboard", () => {
  test("shows the six metrics and the two charts over the server's range", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { name: DASHBOARD_TEXT.heading })).toBeVisible();
    for (const key of DASHBOARD_METRICS) {
      const card = page.getByRole("group", { name: DASHBOARD_TEXT.metricLabels[key] });
      await expect(card.locator(`[data-metric="${key}"]`)).toHaveText(/^\d[\d,]*$/);
    }
    // The admin is signed in, so at least one user exists.
    expect(await metricValue(page, "totalUsers")).toBeGreaterThanOrEqual(1);

    for (const title of [DASHBOARD_TEXT.activeUsersChart, DASHBOARD_TEXT.messagesChart]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      // One image with a spoken summary, and every day in a table for screen readers.
      const chart = page.getByRole("img", { name: new RegExp(`^${title}: [\\d,]+ in the last`) });
      await expect(chart).toBeVisible();
      const label = String(await chart.getAttribute("aria-label"));
      const days = Number(/in the last (\d+) days/.exec(label)?.[1]);
      expect(days).toBeGreaterThan(0);
      await expect(page.getByText(DASHBOARD_TEXT.rangeNote(days)).first()).toBeVisible();
      const table = page.getByRole("table", { name: title });
      await expect(table.locator("tbody tr")).toHaveCount(days);
      // The axis is readable: dates under it.
      await expect(
        chart
          .locator("text")
          .filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ })
          .first(),
      ).toBeAttached();
    }
  });

  test("a new account shows in Total Users after a reload", async ({ page, baseURL }) => {
    const base = baseURL ?? "";
    await page.goto("/admin/dashboard");
    await expect(page.locator('[data-metric="totalUsers"]')).toBeVisible();
    const before = await metricValue(page, "totalUsers");
    await createAccount(base, `${uniquePrefix("dash")}@example.com`);
    await page.reload();
    await expect.poll(() => metricValue(page, "totalUsers")).toBeGreaterThanOrEqual(before + 1);
  });

  test("Download Report writes Metric and Value for the six metrics shown", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const button = page.getByRole("button", { name: DASHBOARD_TEXT.downloadReport });
    await expect(button).toBeEnabled();
    const shown = await Promise.all(DASHBOARD_METRICS.map((key) => metricValue(page, key)));
    const { fileName, text } = await downloadOf(page, () => button.click());
    expect(fileName).toBe(DASHBOARD_TEXT.reportFileName(localDay()));
    expect(text.split("\r\n")).toEqual([
      "Metric,Value",
      ...DASHBOARD_METRICS.map((key, i) => `${key},${shown[i]}`),
      "",
    ]);
  });

  test("the side navigation and the breadcrumb lead to the dashboard and the users", async ({
    page,
  }) => {
    await page.goto("/admin/dashboard/blogs");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/users$/);
    await expect(page.getByRole("heading", { name: USERS_TEXT.heading })).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toHaveText(/Dashboard\s*Users/);
    await crumbs.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: DASHBOARD_TEXT.heading })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test.describe("admin pages accessibility", () => {
  test.use({ bypassCSP: true });

  test("the dashboard and Manage Users have no serious axe violations, wide and narrow", async ({
    page,
  }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("img", { name: DASHBOARD_TEXT.messagesChart })).toBeVisible();
      expect(await seriousA11yViolations(page, "#main")).toEqual([]);
      await page.goto("/admin/dashboard/users");
      await expect(page.getByRole("link", { name: USERS_TEXT.pageLabel(1) })).toBeVisible();
      expect(await seriousA11yViolations(page, "#main")).toEqual([]);
      // Nothing wider than the window.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});
