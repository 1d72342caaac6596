import type { Page } from "@playwright/test";
import { VALIDATION } from "@chatsphere/contract";
import { expect, signUp, test } from "./fixtures";

/**
 * The auth and RPC mutations the page sends while `action` runs (queries are not counted).
 * Requests are reported in the order the page sends them, so once a request of our own made
 * after the action is seen, any the action started has been counted.
 */
async function apiCallsDuring(page: Page, action: () => Promise<void>) {
  const calls: string[] = [];
  const listener = (request: { url: () => string; method: () => string }) => {
    const url = new URL(request.url());
    // Reads the page makes as it loads (the session, the bio, /profile's safety settings and
    // block list) send nothing; what must not leave is a write.
    const isQuery = /\/(get-session|get[A-Z]\w*|list[A-Z]\w*|blockedIds)$/.test(url.pathname);
    if (request.method() === "POST" && /^\/(api\/auth|rpc)\//.test(url.pathname) && !isQuery) {
      calls.push(url.pathname);
    }
  };
  page.on("request", listener);
  await action();
  const marker = "/healthz?after-the-action";
  const markerSeen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => fetch(url).then(() => undefined), marker);
  await markerSeen;
  page.off("request", listener);
  return calls;
}

test.describe("bad input gets the spec's message and sends nothing", () => {
  test("sign-up", async ({ page }) => {
    await page.goto("/sign-up");
    const calls = await apiCallsDuring(page, async () => {
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByLabel("Confirm password").fill("x");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByText(VALIDATION.invalidEmail)).toBeVisible();
      await expect(page.getByText(VALIDATION.passwordMin)).toBeVisible();
      await expect(page.getByText(VALIDATION.confirmPassword)).toBeVisible();
      await page.getByLabel("Email").fill("ok@example.com");
      await page.getByLabel("Password", { exact: true }).fill("password123");
      await page.getByLabel("Confirm password").fill("password124");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByText(VALIDATION.passwordsDoNotMatch)).toBeVisible();
    });
    expect(calls).toEqual([]);
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid");
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
  });

  test("log-in", async ({ page }) => {
    await page.goto("/log-in");
    const calls = await apiCallsDuring(page, async () => {
      await page.getByLabel("Email").fill("nope");
      await page.getByLabel("Password", { exact: true }).fill("1234");
      await page.getByRole("button", { name: "Log In", exact: true }).click();
      await expect(page.getByText(VALIDATION.invalidEmail)).toBeVisible();
      await expect(page.getByText(VALIDATION.passwordMin)).toBeVisible();
    });
    expect(calls).toEqual([]);
  });

  test("forgot password", async ({ page }) => {
    await page.goto("/forgot-password");
    const calls = await apiCallsDuring(page, async () => {
      await page.getByLabel("Email").fill("nope");
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText(VALIDATION.forgotInvalidEmail)).toBeVisible();
    });
    expect(calls).toEqual([]);
  });

  test("reset password", async ({ page }) => {
    await page.goto("/reset-password?token=abc");
    const calls = await apiCallsDuring(page, async () => {
      await page.getByLabel("New password", { exact: true }).fill("password123");
      await page.getByLabel("Confirm new password").fill("password999");
      await page.getByRole("button", { name: "Reset password" }).click();
      await expect(page.getByText(VALIDATION.passwordsDontMatch)).toBeVisible();
    });
    expect(calls).toEqual([]);
  });

  test("admin sign-up", async ({ page }) => {
    await page.goto("/admin/sign-up");
    const calls = await apiCallsDuring(page, async () => {
      await page.getByLabel("Email").fill("bad");
      await page.getByLabel("Password", { exact: true }).fill("password123");
      await page.getByLabel("Confirm password").fill("password321");
      await page.getByRole("button", { name: "Create admin account" }).click();
      await expect(page.getByText(VALIDATION.invalidEmail)).toBeVisible();
      await expect(page.getByText(VALIDATION.passwordsDoNotMatch)).toBeVisible();
    });
    expect(calls).toEqual([]);
  });

  test("profile and change password", async ({ page }) => {
    await signUp(page);
    await page.goto("/profile");
    const calls = await apiCallsDuring(page, async () => {
      await page.getByLabel("Name").fill("   ");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText(VALIDATION.nameRequired)).toBeVisible();
      await page.getByLabel("Current password").fill("password123");
      await page.getByLabel("New password", { exact: true }).fill("short");
      await page.getByLabel("Confirm new password").fill("other");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText(VALIDATION.passwordMin).first()).toBeVisible();
    });
    expect(calls).toEqual([]);
    await page.reload();
    await expect(page.getByLabel("Name")).not.toHaveValue("");
  });
});
