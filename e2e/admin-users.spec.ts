import type { Page } from "@playwright/test";
import { ADMIN_ERROR, ADMIN_TOAST, USERS_TEXT } from "@chatsphere/contract";
import {
  downloadOf,
  expect,
  pickRowAction,
  searchOf,
  uniquePrefix,
  userRows,
  usersTable,
} from "./admin-helpers";
import { E2E_ADMIN, ensureAdmin, PASSWORD, test } from "./fixtures";
import { isolatedPort, startIsolatedServer } from "./isolated-server";
import { newVisitor } from "./room-helpers";
import { createAccount, createAccounts, createGuest, logInViaApi, rpcAs } from "./sessions";

/*
 * Manage Users (SPEC §2, issue 13) through the built app. The shared server holds other
 * specs' users, so each test makes its own accounts under a unique prefix and filters by it.
 * Delete Guests deletes every guest of the server: it runs on an isolated server of its own,
 * so the guests of specs running beside it (chat, shell, media...) are not touched and the
 * count it reports is exactly the guests this test made.
 */

// `page` is the shared e2e admin's (e2e/admin.setup.ts), except on the isolated server.
test.use({ asAdmin: true });

const filterBox = (page: Page) => page.getByLabel(USERS_TEXT.filterLabel);
const userTypeSelect = (page: Page) =>
  page.getByRole("combobox", { name: USERS_TEXT.userTypeLabel });
const clearButton = (page: Page) => page.getByRole("button", { name: USERS_TEXT.clear });

test.describe("Manage Users", () => {
  test("the name filter waits for a 500 ms pause, goes to page 1 and lives in the URL; type and Clear", async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const prefix = uniquePrefix("flt");
    const accounts = await createAccounts(base, prefix, 3);
    await page.goto("/admin/dashboard/users?page=2");
    await expect(page.getByRole("heading", { name: USERS_TEXT.heading })).toBeVisible();
    await expect(page.getByText(USERS_TEXT.subtitle)).toBeVisible();
    await expect(filterBox(page)).toHaveAttribute("placeholder", USERS_TEXT.filterPlaceholder);
    await expect(clearButton(page)).toBeDisabled();

    const typedAt = Date.now();
    await filterBox(page).fill(prefix);
    expect(searchOf(page).name).toBeUndefined();
    await expect.poll(() => searchOf(page).name).toBe(prefix);
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450);
    expect(searchOf(page).page).toBeUndefined();
    await expect(userRows(page)).toHaveCount(3);
    for (const account of accounts) {
      await expect(userRows(page).filter({ hasText: account.email })).toContainText(account.name);
    }

    await userTypeSelect(page).click();
    await page.getByRole("option", { name: USERS_TEXT.userTypes.guest, exact: true }).click();
    await expect.poll(() => searchOf(page).userType).toBe("guest");
    await expect(userRows(page)).toHaveText([USERS_TEXT.noResults]);
    await userTypeSelect(page).click();
    await page
      .getByRole("option", { name: USERS_TEXT.userTypes["non-guest"], exact: true })
      .click();
    await expect(userRows(page)).toHaveCount(3);

    // A reload (or a shared link) shows the same page.
    await page.reload();
    await expect(filterBox(page)).toHaveValue(prefix);
    await expect(userTypeSelect(page)).toHaveText(USERS_TEXT.userTypes["non-guest"]);
    await expect(userRows(page)).toHaveCount(3);

    await clearButton(page).click();
    await expect(filterBox(page)).toHaveValue("");
    await expect(userTypeSelect(page)).toHaveText(USERS_TEXT.userTypes.all);
    await expect.poll(() => searchOf(page)).toEqual({});
    await expect(clearButton(page)).toBeDisabled();
  });

  test("a 10-row skeleton shows while the list loads", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/rpc/admin/listUsers", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin/dashboard/users");
    await expect(page.getByTestId("user-skeleton-row")).toHaveCount(10);
    await expect(usersTable(page)).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByTestId("user-skeleton-row")).toHaveCount(0);
    await expect(userRows(page).first()).toBeVisible();
  });

  test("rows per page goes back to page 1 and the pager keeps the limit and the filters", async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const prefix = uniquePrefix("pgr");
    await createAccounts(base, prefix, 7);
    await page.goto(`/admin/dashboard/users?name=${prefix}&page=2`);
    await expect(page.getByText(USERS_TEXT.totalUsers(7))).toBeVisible();

    await page.getByRole("combobox", { name: USERS_TEXT.rowsPerPage }).click();
    await page.getByRole("option", { name: "5", exact: true }).click();
    await expect.poll(() => searchOf(page)).toEqual({ name: prefix, limit: "5" });
    await expect(userRows(page)).toHaveCount(5);

    const pager = page.getByRole("navigation", { name: USERS_TEXT.pagination });
    await expect(pager.getByRole("link", { name: USERS_TEXT.pageLabel(1) })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(pager.getByRole("link", { name: USERS_TEXT.previousPage })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    const second = pager.getByRole("link", { name: USERS_TEXT.pageLabel(2) });
    const href = new URL(String(await second.getAttribute("href")), base);
    expect(Object.fromEntries(href.searchParams)).toEqual({ name: prefix, limit: "5", page: "2" });

    await pager.getByRole("link", { name: USERS_TEXT.nextPage }).click();
    await expect.poll(() => searchOf(page)).toEqual({ name: prefix, limit: "5", page: "2" });
    await expect(userRows(page)).toHaveCount(2);
    await expect(second).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: USERS_TEXT.nextPage })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await pager.getByRole("link", { name: USERS_TEXT.pageLabel(1) }).click();
    await expect.poll(() => searchOf(page)).toEqual({ name: prefix, limit: "5" });

    // Values outside §5's rules fall back: page 1, 10 rows, all users.
    await page.goto(`/admin/dashboard/users?name=${prefix}&page=abc&limit=999&userType=robots`);
    await expect(userRows(page)).toHaveCount(7);
    await expect(page.getByRole("combobox", { name: USERS_TEXT.rowsPerPage })).toHaveText("10");
    await expect(userTypeSelect(page)).toHaveText(USERS_TEXT.userTypes.all);
  });

  test("Export downloads the page's users as CSV, quoted and safe from formulas", async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const prefix = uniquePrefix("csv");
    const [plain, hostile] = await createAccounts(base, prefix, 2);
    if (!plain || !hostile) throw new Error("accounts not created");
    const hostileName = `=${prefix} "Doe", Jane`;
    await rpcAs(base, hostile.cookie, "user/updateProfile", { name: hostileName, bio: "" });

    await page.goto(`/admin/dashboard/users?name=${prefix}`);
    await expect(userRows(page)).toHaveCount(2);
    const { fileName, text } = await downloadOf(page, () =>
      page.getByRole("button", { name: USERS_TEXT.export }).click(),
    );
    expect(fileName).toBe(USERS_TEXT.csvFileName(1));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Id,Name,Email,Is Guest");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(4);
    expect(lines).toContainEqual(
      expect.stringMatching(`^[^,]+,${plain.name},${plain.email},false$`),
    );
    expect(lines).toContainEqual(
      expect.stringContaining(`,"'=${prefix} ""Doe"", Jane",${hostile.email},false`),
    );
  });

  test("a banned user cannot sign in until unbanned", async ({ page, baseURL, browser }) => {
    const base = baseURL ?? "";
    const account = await createAccount(base, `${uniquePrefix("ban")}@example.com`);
    await page.goto(`/admin/dashboard/users?name=${account.name}`);
    await expect(userRows(page)).toHaveCount(1);

    await pickRowAction(page, account.name, USERS_TEXT.banUser);
    await expect(page.getByText(ADMIN_TOAST.userBanned)).toBeVisible();
    await expect(userRows(page)).toContainText(USERS_TEXT.bannedBadge);

    const visitor = await newVisitor(browser);
    const logIn = async () => {
      await visitor.goto("/log-in");
      await visitor.getByLabel("Email").fill(account.email);
      await visitor.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await visitor.getByRole("button", { name: "Log In", exact: true }).click();
    };
    await logIn();
    await expect(visitor.getByText(ADMIN_ERROR.bannedSignIn)).toBeVisible();
    await expect(visitor).toHaveURL(/\/log-in$/);

    await pickRowAction(page, account.name, USERS_TEXT.unbanUser);
    await expect(page.getByText(ADMIN_TOAST.userUnbanned)).toBeVisible();
    await expect(userRows(page)).not.toContainText(USERS_TEXT.bannedBadge);
    await logIn();
    await visitor.waitForURL(/\/chat/);
    await visitor.context().close();
  });

  test("Delete User asks first, then the user is gone", async ({ page, baseURL }) => {
    const base = baseURL ?? "";
    const account = await createAccount(base, `${uniquePrefix("del")}@example.com`);
    await page.goto(`/admin/dashboard/users?name=${account.name}`);
    await expect(userRows(page)).toHaveCount(1);

    await pickRowAction(page, account.name, USERS_TEXT.deleteUser);
    const dialog = page.getByRole("alertdialog", { name: USERS_TEXT.deleteUserTitle });
    await dialog.getByRole("button", { name: USERS_TEXT.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(userRows(page)).toContainText(account.email);

    await pickRowAction(page, account.name, USERS_TEXT.deleteUser);
    await dialog.getByRole("button", { name: USERS_TEXT.deleteUser }).click();
    await expect(page.getByText(ADMIN_TOAST.userDeleted)).toBeVisible();
    await expect(userRows(page)).toHaveText([USERS_TEXT.noResults]);
    await page.reload();
    await expect(userRows(page)).toHaveText([USERS_TEXT.noResults]);
  });

  test("Delete Guests: Cancel keeps them, Continue deletes every guest and says how many", async ({
    page,
  }) => {
    const fresh = await startIsolatedServer(isolatedPort(test.info().workerIndex));
    try {
      const base = fresh.baseURL;
      const member = await createAccount(base, `${uniquePrefix("keep")}@example.com`);
      for (let i = 0; i < 3; i++) await createGuest(base);
      // This server's own admin: its session replaces the shared one in the page's cookies.
      await ensureAdmin(base);
      await logInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password, base);
      await page.goto(`${base}/admin/dashboard/users?userType=guest`);
      await expect(userRows(page)).toHaveCount(3);
      await expect(userRows(page).getByText(USERS_TEXT.guestBadge, { exact: true })).toHaveCount(3);

      const trigger = page.getByRole("button", { name: USERS_TEXT.deleteGuestsLong });
      const dialog = page.getByRole("alertdialog", { name: USERS_TEXT.deleteGuestsTitle });
      await trigger.click();
      await expect(dialog).toContainText(USERS_TEXT.deleteGuestsBody);
      await dialog.getByRole("button", { name: USERS_TEXT.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(userRows(page)).toHaveCount(3);

      // The server's answer is held back a moment, so 'Deleting...' can be seen.
      await page.route("**/rpc/admin/deleteAllGuestUsers", async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.fulfill({ response });
      });
      await trigger.click();
      await dialog.getByRole("button", { name: USERS_TEXT.continue }).click();
      await expect(dialog.getByRole("button", { name: USERS_TEXT.deleting })).toBeVisible();
      await expect(page.getByText(ADMIN_TOAST.guestsDeleted(3))).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(userRows(page)).toHaveText([USERS_TEXT.noResults]);

      await userTypeSelect(page).click();
      await page.getByRole("option", { name: USERS_TEXT.userTypes.all, exact: true }).click();
      await expect(userRows(page)).toHaveCount(2);
      await expect(userRows(page).filter({ hasText: member.email })).toHaveCount(1);
    } finally {
      await fresh.stop();
    }
  });
});
