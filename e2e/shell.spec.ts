import { TEXT, TOAST } from "@chatsphere/contract";
import { seriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { signUpViaApi } from "./sessions";

test.describe("home and about", () => {
  test("home shows every section and Get Started / Learn More lead on", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Everything you need to connect" }),
    ).toBeVisible();
    await expect(
      page.locator("#features ~ * li, section[aria-labelledby=features] li"),
    ).toHaveCount(6);
    await expect(page.locator("section[aria-labelledby=how-it-works] ol > li")).toHaveCount(3);
    await expect(page.locator("section[aria-labelledby=testimonials] figure")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: TEXT.ctaTitle })).toBeVisible();
    await expect(page.getByRole("link", { name: TEXT.exploreBlog })).toHaveAttribute(
      "href",
      "/blogs",
    );
    await page.getByRole("link", { name: TEXT.learnMore }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(/About/);
    for (const heading of [
      "Our Mission",
      "Our Vision",
      "Community",
      "Global Reach",
      "Innovation",
      "Safety",
    ]) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
  });

  test("signed out, the hero's Chat Room button starts a guest session on the rooms tab", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Chat Room" }).click();
    await expect(page.getByText(TOAST.guestSignedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/chat\?tab=chat-rooms/);
  });

  test("signed in, the hero's buttons are plain links to the chat tabs", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/");
    const hero = page.getByRole("main");
    await expect(hero.getByRole("link", { name: "Stranger Chat", exact: true })).toHaveAttribute(
      "href",
      "/chat?tab=stranger-chat",
    );
    await expect(hero.getByRole("link", { name: "Chat Room", exact: true })).toHaveAttribute(
      "href",
      "/chat?tab=chat-rooms",
    );
  });
});

test.describe("shell", () => {
  test("the theme switches, is stored and survives a reload", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("the mobile side menu lists the spec's links and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Blogs",
      "Stranger Chat",
      "Chat Rooms",
      "Following",
      "Feedback",
      "About",
    ]);
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav).toBeHidden();
  });

  test("Guest Login from the mobile side menu closes the menu on the stranger tab", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("button", { name: TEXT.guestLogin })
      .click();
    await expect(page).toHaveURL(/\/chat\?tab=stranger-chat/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
  });

  test("the profile menu works from the keyboard", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/about");
    await page.getByRole("button", { name: "Profile menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: TEXT.logOut })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("a failed query shows 'Error: {message}' and Retry refetches", async ({ page }) => {
    await signUpViaApi(page);
    let fail = true;
    await page.route("**/rpc/user/getBio", (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({
              json: {
                defined: false,
                code: "INTERNAL_SERVER_ERROR",
                status: 500,
                message: "Database is asleep",
              },
            }),
          })
        : route.continue(),
    );
    await page.goto("/profile");
    await expect(page.getByText(TOAST.queryError("Database is asleep"))).toBeVisible();
    fail = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByLabel("Bio")).toBeVisible();
  });

  test("page titles follow client-side navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("ChatSphere: Talk to strangers, rooms and friends");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await expect(page).toHaveTitle("About | ChatSphere");
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: TEXT.notFoundTitle })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true });

  for (const path of ["/", "/about", "/sign-up", "/log-in", "/forgot-password", "/admin/sign-up"]) {
    test(`${path} has no serious axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test("signed-in pages (profile, blog list) have no serious axe violations", async ({ page }) => {
    await signUpViaApi(page);
    for (const path of ["/profile", "/blogs", "/feedback"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
  });
});
