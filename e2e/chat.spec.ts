import type { Browser, Page } from "@playwright/test";
import { STORAGE_KEYS, TEXT, TOAST, type Region } from "@chatsphere/contract";
import { seriousA11yViolations } from "./a11y";
import { expect, nextClientIp, signUp, test } from "./fixtures";

/** A second visitor: a browser context of its own, with its own address. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": nextClientIp() },
  });
  await context.addInitScript(
    (keys) => {
      for (const key of keys) window.localStorage.setItem(key, "true");
    },
    [STORAGE_KEYS.ageAccepted, STORAGE_KEYS.welcomeAccepted],
  );
  return context.newPage();
}

/** Signs in as a guest with the header button, which opens the stranger tab. */
async function enterAsGuest(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: TEXT.guestLogin }).first().click();
  await page.waitForURL(/\/chat\?tab=stranger-chat/);
}

async function chooseRegion(page: Page, region: Region) {
  await page.getByRole("combobox", { name: "Region" }).click();
  await page.getByRole("option", { name: region, exact: true }).click();
}

async function start(page: Page, region: Region) {
  await chooseRegion(page, region);
  const startButton = page.getByRole("button", { name: "Start" });
  await expect(startButton).toBeEnabled();
  await startButton.click();
}

const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message" });

async function send(page: Page, text: string) {
  await expect(messageBox(page)).toBeEnabled();
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
}

test.describe("stranger chat", () => {
  test("two strangers are matched, talk both ways, see typing, and a skip tells the other side", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    await enterAsGuest(page);
    await enterAsGuest(other);

    await start(page, "Europe");
    await expect(page.getByText("Looking for a stranger...")).toBeVisible();
    await start(other, "Europe");
    await expect(page.getByTestId("partner-name")).toBeVisible();
    await expect(other.getByTestId("partner-name")).toBeVisible();

    await send(page, "Hello from the first tab");
    await expect(other.getByText("Hello from the first tab")).toBeVisible();
    await messageBox(other).pressSequentially("Hi", { delay: 50 });
    await expect(page.getByText(/is typing\.\.\./)).toBeVisible();
    await messageBox(other).press("Enter");
    await expect(page.getByText("Hi", { exact: true })).toBeVisible();
    // Blank messages cannot be sent.
    await messageBox(page).fill("   ");
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

    await page.getByRole("button", { name: "Skip" }).click();
    await expect(other.getByText(TOAST.strangerSkippedYou)).toBeVisible();
    await expect(other.getByText("Looking for a stranger...")).toBeVisible();
    await expect(page.getByText("Looking for a stranger...")).toBeVisible();
    // They just skipped each other: not paired again while they both wait.
    await page.waitForTimeout(1500);
    await expect(page.getByTestId("partner-name")).toHaveCount(0);
    await other.context().close();
  });

  test("a stranger who leaves is announced and the other side looks for a new match", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    await enterAsGuest(page);
    await enterAsGuest(other);
    await start(page, "Oceania");
    await start(other, "Oceania");
    await expect(other.getByTestId("partner-name")).toBeVisible();
    await expect(page.getByTestId("partner-name")).toBeVisible();

    await page.getByRole("button", { name: "Leave" }).click();
    await expect(other.getByText(TOAST.strangerLeft)).toBeVisible();
    await expect(other.getByText("Looking for a stranger...")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
    await other.context().close();
  });

  test("a lone user gets 'No match found' after 10 seconds", async ({ page }) => {
    await enterAsGuest(page);
    await start(page, "Antarctica");
    await expect(page.getByText("Looking for a stranger...")).toBeVisible();
    await expect(page.getByRole("dialog", { name: TEXT.noMatchDialog })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(TOAST.noMatchTitle, { exact: true })).toBeVisible();
    await page
      .getByRole("dialog", { name: TEXT.noMatchDialog })
      .getByRole("button", { name: "Close", exact: true })
      .first()
      .click();
    await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
  });

  test("the region choice is remembered in this browser", async ({ page }) => {
    await enterAsGuest(page);
    await chooseRegion(page, "Asia");
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Region" })).toHaveText(/Asia/);
  });
});

test.describe("chat screen", () => {
  test.use({ welcomeAccepted: false });

  test("shows the welcome dialog once", async ({ page }) => {
    await enterAsGuest(page);
    const welcome = page.getByRole("dialog", { name: /Welcome to/ });
    await expect(welcome).toBeVisible();
    await welcome.getByRole("button").click();
    await page.reload();
    await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
    await expect(welcome).toHaveCount(0);
  });

  test("a new guest opening the rooms from the home page meets one dialog at a time, the welcome first", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Chat Room", exact: true }).click();
    await page.waitForURL(/\/chat\?tab=chat-rooms/);
    // Both open at once, each modal hid the other from assistive technology: the welcome on
    // top could not be found by its role (aria-hidden), the link request beneath it could.
    const welcome = page.getByRole("dialog", { name: /Welcome to/ });
    await expect(welcome).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await welcome.getByRole("button").click();
    const link = page.getByRole("dialog", { name: TEXT.linkAccountTitle });
    await expect(link).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expect(link.locator(":focus")).toHaveCount(1);
  });
});

test.describe("guests and registered users", () => {
  test("guests opening rooms are asked to link an account (Cancel: stranger tab, Continue: profile)", async ({
    page,
  }) => {
    await enterAsGuest(page);
    await page.getByRole("tab", { name: TEXT.chatRoomsTab }).click();
    const dialog = page.getByRole("dialog", { name: TEXT.linkAccountTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/tab=stranger-chat/);
    await page.getByRole("tab", { name: TEXT.followingTab }).click();
    await page
      .getByRole("dialog", { name: TEXT.linkAccountTitle })
      .getByRole("button", { name: "Continue" })
      .click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("registered users join a global room and talk in it in real time", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    await signUp(page);
    await signUp(other);
    await page.goto("/chat?tab=chat-rooms");
    await page.getByRole("button", { name: /Travel/ }).click();
    await expect(messageBox(page)).toBeEnabled();
    // The shareable room link joins the room by itself.
    const roomId = new URL(page.url()).searchParams.get("roomId");
    await other.goto(`/chat/room/${roomId}`);
    await expect(messageBox(other)).toBeEnabled();

    const text = `Anyone been to Lisbon? ${Date.now()}`;
    await send(page, text);
    await expect(other.getByText(text)).toBeVisible();
    await expect(other.getByRole("list", { name: "Members" }).first()).toBeVisible();
    await other.context().close();
  });
});

test.describe("chat accessibility", () => {
  test.use({ bypassCSP: true });

  // The chat area only: the header's profile menu is the shell's (see the report).
  test("the stranger tab, a room and the Following tab have no serious axe violations", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/chat?tab=stranger-chat");
    await expect(page.getByRole("button", { name: "Start" })).toBeEnabled();
    expect(await seriousA11yViolations(page, "#main")).toEqual([]);
    await page.goto("/chat?tab=chat-rooms");
    await page.getByRole("button", { name: /Gaming/ }).click();
    await expect(messageBox(page)).toBeEnabled();
    expect(await seriousA11yViolations(page, "#main")).toEqual([]);
    await page.getByRole("tab", { name: TEXT.followingTab }).click();
    await expect(page.getByText("Nobody follows you yet.")).toBeVisible();
    expect(await seriousA11yViolations(page, "#main")).toEqual([]);
  });
});
