import { TEXT, TOAST, VALIDATION } from "@chatsphere/contract";
import {
  expect,
  firstLink,
  logIn,
  PASSWORD,
  readMail,
  signUp,
  test,
  uniqueEmail,
} from "./fixtures";

test.describe("e-mail accounts", () => {
  test("sign up, log out and log in again", async ({ page }) => {
    const email = await signUp(page);
    await expect(page.getByText(TOAST.signUpSuccess)).toBeVisible();

    const menu = page.getByRole("button", { name: "Profile menu" });
    await menu.click();
    await expect(page.getByRole("menu").getByText(email)).toBeVisible();
    await expect(page.getByRole("menu").getByText("Guest")).toHaveCount(0);
    await page.getByRole("menuitem", { name: TEXT.logOut }).click();
    await expect(page.getByText(TOAST.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: TEXT.logIn })).toBeVisible();

    await logIn(page, email);
    await expect(page.getByText(TOAST.logInSuccess)).toBeVisible();
    await expect(menu).toBeVisible();
  });

  test("logging out in one tab ends the chat in the other tab at once", async ({
    page,
    context,
  }) => {
    await signUp(page);
    const other = await context.newPage();
    await other.goto("/chat?tab=stranger-chat");
    // Its socket is open once the lobby count shows.
    await expect(other.getByText(/online$/).first()).toBeVisible();
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: TEXT.logOut }).click();
    await expect(page).toHaveURL(/\/$/);
    // The server closes the other tab's socket of the ended session; the tab goes home.
    await expect(other).toHaveURL(/\/$/);
    await expect(other.getByRole("link", { name: TEXT.logIn })).toBeVisible();
  });

  test("a wrong password is refused with the server's message", async ({ page }) => {
    const email = await signUp(page);
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: TEXT.logOut }).click();
    await page.waitForURL(/\/$/);
    await page.goto("/log-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: TEXT.logIn, exact: true }).click();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/log-in$/);
  });

  test("guest login shows the Guest badge and no e-mail", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: TEXT.guestLogin }).click();
    await expect(page.getByText(TOAST.guestSignedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/chat\?tab=stranger-chat/);
    await page.getByRole("button", { name: "Profile menu" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("Guest", { exact: true })).toBeVisible();
    await expect(menu.getByText(/@/)).toHaveCount(0);
  });

  test("forgot password: the mail's link resets the password", async ({ page }) => {
    const email = await signUp(page);
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: TEXT.logOut }).click();
    await page.waitForURL(/\/$/);

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(VALIDATION.noAccountForEmail)).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").getByText(TOAST.resetLinkSent)).toBeVisible();

    const link = firstLink(await readMail(email));
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm new password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText(TOAST.passwordReset)).toBeVisible();
    await expect(page).toHaveURL(/\/log-in$/);

    await logIn(page, email, "brand-new-pass");
    await expect(page.getByText(TOAST.logInSuccess)).toBeVisible();
  });

  test("a reset page without a token says the link is invalid", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: TEXT.invalidLinkTitle })).toBeVisible();
    await expect(page.getByText(TEXT.invalidLinkBody)).toBeVisible();
  });
});

test.describe("profile", () => {
  test("updates name and bio, and changes the password", async ({ page }) => {
    const email = await signUp(page);
    await page.goto("/profile");
    await page.getByLabel("Name").fill("Zoe Quinn");
    await page.getByLabel("Bio").fill("Coffee, climbing and cats.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText(TOAST.profileUpdated)).toBeVisible();
    await expect(page.getByRole("button", { name: "Profile menu" })).toContainText("Zoe Quinn");
    await page.reload();
    await expect(page.getByLabel("Bio")).toHaveValue("Coffee, climbing and cats.");

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("another-pass-1");
    await page.getByLabel("Confirm new password").fill("another-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(TOAST.passwordChanged)).toBeVisible();

    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: TEXT.logOut }).click();
    await page.waitForURL(/\/$/);
    await logIn(page, email, "another-pass-1");
  });

  test("guests are offered to link an account and have no password form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: TEXT.guestLogin }).click();
    await page.waitForURL(/\/chat/);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Link your account" })).toBeVisible();
    await expect(
      page.getByText("Google and Facebook sign-in are not configured on this server."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Change password" })).toHaveCount(0);
    await page.getByRole("button", { name: "Google" }).click();
    await expect(page.getByText(TOAST.providerNotConfigured("Google"))).toBeVisible();
  });
});
