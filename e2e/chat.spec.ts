import type { Page } from "@playwright/test";
import { TEXT, TOAST, type RealtimeEventName, type ServerFrame } from "@chatsphere/contract";
import { seriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { messageBox, newVisitor, send } from "./room-helpers";
import { signUpViaApi } from "./sessions";
import { chooseRegion, enterAsGuest, startBoth, workerRegion } from "./stranger-helpers";

/** The address the e2e server answers skipStranger on (oRPC over HTTP). */
const SKIP_RPC = "**/rpc/room/skipStranger";

/** The realtime events the page's sockets receive from now on, in order (before it opens them). */
function socketEvents(page: Page): RealtimeEventName[] {
  const events: RealtimeEventName[] = [];
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") return;
      const frame = JSON.parse(payload) as ServerFrame;
      if (frame.type === "event") events.push(frame.event);
    });
  });
  return events;
}

test.describe("stranger chat", () => {
  test("two strangers are matched, talk both ways, see typing, and a skip tells the other side", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    const otherEvents = socketEvents(other);
    await enterAsGuest(page);
    await enterAsGuest(other);
    await startBoth(page, other);

    await send(page, "Hello from the first tab");
    await expect(other.getByText("Hello from the first tab")).toBeVisible();
    await messageBox(other).pressSequentially("Hi", { delay: 50 });
    await expect(page.getByText(/is typing\.\.\./)).toBeVisible();
    await messageBox(other).press("Enter");
    await expect(page.getByText("Hi", { exact: true })).toBeVisible();
    // Blank messages cannot be sent.
    await messageBox(page).fill("   ");
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

    // The skip reaches the server late, as on a busy machine; the skipper has left the chat on
    // screen at once, yet the other side must still read why (not "The stranger left").
    await page.route(SKIP_RPC, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const skipped = page.waitForResponse(SKIP_RPC);
    const sinceSkip = otherEvents.length;
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(other.getByText(TOAST.strangerSkippedYou)).toBeVisible();
    await expect(other.getByText(TOAST.strangerLeft)).toHaveCount(0);
    await expect(other.getByText("Looking for a stranger...")).toBeVisible();
    await expect(page.getByText("Looking for a stranger...")).toBeVisible();
    // They just skipped each other: not paired again while they both wait. The skip puts the
    // skipper back in the queue, then the other side, which is when they would be paired:
    // the other side is told it waits (not that it is matched) before the skip is answered.
    expect((await skipped).ok()).toBe(true);
    await expect.poll(() => otherEvents.slice(sinceSkip)).toContain("stranger_waiting");
    expect(otherEvents.slice(sinceSkip)).not.toContain("stranger_matched");
    await expect(page.getByTestId("partner-name")).toHaveCount(0);
    await expect(other.getByTestId("partner-name")).toHaveCount(0);
    await other.context().close();
  });

  test("a stranger who leaves is announced and the other side looks for a new match", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    await enterAsGuest(page);
    await enterAsGuest(other);
    await startBoth(page, other);

    await page.getByRole("button", { name: "Leave" }).click();
    await expect(other.getByText(TOAST.strangerLeft)).toBeVisible();
    await expect(other.getByText("Looking for a stranger...")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
    await other.context().close();
  });

  test("a lone user gets 'No match found' after 10 seconds", async ({ page }) => {
    await enterAsGuest(page);
    await chooseRegion(page, workerRegion());
    await page.getByRole("button", { name: "Start" }).click();
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
    await signUpViaApi(page);
    await signUpViaApi(other);
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
    await signUpViaApi(page);
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
