import { TEXT, TOAST } from "@chatsphere/contract";
import { expect, logInAsAdmin, signUp, test, uniqueEmail } from "./fixtures";
import { isolatedPort, startIsolatedServer } from "./isolated-server";

test.describe("route guards", () => {
  test("authenticated pages send visitors without a session to /", async ({ page }) => {
    for (const path of ["/profile", "/chat", "/feedback"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("the admin area sends visitors and ordinary users to /", async ({ page }) => {
    await page.goto("/admin/dashboard/blogs");
    await expect(page).toHaveURL(/\/$/);
    await signUp(page);
    await page.goto("/admin/dashboard/blogs");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("admin bootstrap", () => {
  test("the first admin signs up and logs in; a second anonymous sign-up is refused", async ({
    page,
  }) => {
    // The rule is about a first start, so this test gets a server of its own.
    const fresh = await startIsolatedServer(isolatedPort(test.info().workerIndex));
    try {
      const email = uniqueEmail("admin");
      await page.goto(`${fresh.baseURL}/admin/sign-up`);
      await expect(page.getByRole("heading", { name: TEXT.newAdminAccount })).toBeVisible();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("admin-pass-1");
      await page.getByLabel("Confirm password").fill("admin-pass-1");
      await page.getByRole("button", { name: "Create admin account" }).click();
      await expect(page.getByText(TOAST.adminCreated)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/log-in$/);

      await expect(page.getByRole("heading", { name: TEXT.adminLogIn })).toBeVisible();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("admin-pass-1");
      await page.getByRole("button", { name: TEXT.logIn, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/blogs$/);
      await page.getByRole("button", { name: "Profile menu" }).click();
      await expect(page.getByRole("menu").getByText("Admin", { exact: true })).toBeVisible();

      const stranger = await page.context().browser()?.newContext();
      if (!stranger) throw new Error("no browser");
      const other = await stranger.newPage();
      await other.goto(`${fresh.baseURL}/admin/sign-up`);
      await other.getByLabel("Email").fill(uniqueEmail("intruder"));
      await other.getByLabel("Password", { exact: true }).fill("admin-pass-2");
      await other.getByLabel("Confirm password").fill("admin-pass-2");
      await other.getByRole("button", { name: "Create admin account" }).click();
      await expect(other.getByText(TOAST.adminCreationFailed)).toBeVisible();
      await expect(other).toHaveURL(/\/admin\/sign-up$/);
      await stranger.close();
    } finally {
      await fresh.stop();
    }
  });

  test("an admin reaches the admin area", async ({ page, baseURL }) => {
    await logInAsAdmin(page, baseURL ?? "");
    await expect(page.getByRole("link", { name: TEXT.newBlog })).toBeVisible();
  });
});

test.describe("age warning", () => {
  test.use({ ageAccepted: false });

  test("asks once, thanks the visitor and does not ask again", async ({ page }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Are you 18 or older?" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "I am 18 or older" }).click();
    await expect(page.getByText(TOAST.ageConfirmed)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
});
