import type { Browser, Locator, Page } from "@playwright/test";
import { DM_UNANSWERED_CAP, TEXT, TOAST, type Region } from "@chatsphere/contract";
import { seriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { members, messageBox, newUser, newVisitor, openNewRoom, send } from "./room-helpers";
import { guestViaApi } from "./sessions";

/*
 * Following and direct messages (SPEC §2 "Chat screen", §4 "Follow", §5 "Direct chat", §6,
 * §8 "Follow" and "Messages"), played by two people, each in a browser context of their own.
 */

const followingTab = (page: Page) => page.getByRole("tab", { name: TEXT.followingTab });
const mutualList = (page: Page) => page.getByRole("list", { name: TEXT.mutualList, exact: true });
/** A message in the open conversation (the Mutual list's preview may repeat its text). */
const said = (page: Page, text: string) =>
  page.getByRole("log", { name: "Conversation" }).getByText(text, { exact: true });

/**
 * Follows a fellow member from the room's member list; `toasts` are the other toasts the follow
 * raises (on either side). All are looked for at once: a toast lasts 4 s, and on a busy machine
 * the realtime notice can arrive seconds before the call's own answer, so one looked for only
 * after another has shown may be gone already.
 */
async function followFromMembers(page: Page, name: string, ...toasts: Locator[]) {
  await members(page)
    .getByRole("button", { name: TEXT.memberActions(name), exact: true })
    .click();
  const item = page.getByRole("menuitem", { name: TEXT.follow, exact: true });
  await expect(item).toBeEnabled();
  await item.click();
  await Promise.all(
    [page.getByText(TOAST.userFollowed), ...toasts].map((toast) => expect(toast).toBeVisible()),
  );
}

/** Two new users meet in a room and follow each other from its member list; returns names. */
async function becomeMutuals(page: Page, other: Page) {
  const pageName = await newUser(page);
  const otherName = await newUser(other);
  const roomId = await openNewRoom(page);
  await other.goto(`/chat/room/${roomId}`);
  await expect(messageBox(other)).toBeEnabled();
  await expect(members(page).getByText(otherName, { exact: true })).toBeVisible();

  await followFromMembers(page, otherName, other.getByText(TOAST.followedYou(pageName)));
  await followFromMembers(
    other,
    pageName,
    page.getByText(TOAST.mutualFollow(otherName)),
    other.getByText(TOAST.mutualFollow(pageName)),
  );
  return { pageName, otherName };
}

/**
 * Opens the Following tab once the follows' toasts are gone. They stack at the top centre,
 * over the tabs, and a toast under the pointer waits for it to leave: a click aimed at the tab
 * through them would hold them there for good. The pointer goes to the bottom-left corner
 * first, where nothing reacts to it.
 */
async function openFollowingTab(page: Page) {
  const viewport = page.viewportSize();
  await page.mouse.move(0, (viewport?.height ?? 1) - 1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await followingTab(page).click();
}

/** Opens the direct chat with `name` from the Mutual list of the Following tab. */
async function openDirectChat(page: Page, name: string) {
  await openFollowingTab(page);
  await mutualList(page).getByRole("button", { name }).click();
  await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  await expect(messageBox(page)).toBeEnabled();
}

test.describe("following and direct messages", () => {
  test.use({ bypassCSP: true });

  test("two users who meet in a room follow each other from the member list, and each sees the other under Mutual", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    const { pageName, otherName } = await becomeMutuals(page, other);

    await openFollowingTab(page);
    await expect(mutualList(page).getByText(otherName, { exact: true })).toBeVisible();
    await openFollowingTab(other);
    await expect(mutualList(other).getByText(pageName, { exact: true })).toBeVisible();
    // Both follow each other, so both show under Following and Followers too.
    const followers = other.getByRole("list", { name: TEXT.followersList, exact: true });
    await expect(followers.getByRole("listitem").filter({ hasText: pageName })).toBeVisible();
    await other.context().close();
  });

  test("a direct message goes both ways; the receiver's Following tab badge rises and clears when they open the chat", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    const { pageName, otherName } = await becomeMutuals(page, other);
    // The receiver looks at the rooms meanwhile: the badge is on the tab bar.
    await other.goto("/chat?tab=chat-rooms");
    await expect(followingTab(other)).not.toHaveAccessibleName(/unread/);

    await openDirectChat(page, otherName);
    const hello = `Hello in private ${Date.now()}`;
    await send(page, hello);
    await expect(said(page, hello)).toBeVisible();
    await expect(followingTab(other)).toHaveAccessibleName(new RegExp(TEXT.unreadMessages(1)));

    await openDirectChat(other, pageName);
    await expect(said(other, hello)).toBeVisible();
    await expect(followingTab(other)).not.toHaveAccessibleName(/unread/);
    const reply = `Hi back ${Date.now()}`;
    await send(other, reply);
    await expect(said(page, reply)).toBeVisible();
    // Open on the sender's screen too: read as it came, no badge there either.
    await expect(followingTab(page)).not.toHaveAccessibleName(/unread/);
    expect(await seriousA11yViolations(page, "#main")).toEqual([]);
    await other.context().close();
  });

  test("the fourth unanswered message is refused with the limit text and stays in the box; after a reply the sender may write again", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    const { pageName, otherName } = await becomeMutuals(page, other);
    await openDirectChat(page, otherName);
    const stamp = Date.now();
    for (let i = 1; i <= DM_UNANSWERED_CAP; i++) {
      await send(page, `Message ${i} of ${stamp}`);
      await expect(said(page, `Message ${i} of ${stamp}`)).toBeVisible();
    }

    const fourth = `One too many ${stamp}`;
    await send(page, fourth);
    await expect(page.getByText(TOAST.dmLimit, { exact: true })).toBeVisible();
    await expect(messageBox(page)).toHaveValue(fourth);

    await openDirectChat(other, pageName);
    await expect(said(other, `Message ${DM_UNANSWERED_CAP} of ${stamp}`)).toBeVisible();
    await expect(said(other, fourth)).toHaveCount(0);
    await send(other, `A reply ${stamp}`);
    await expect(said(page, `A reply ${stamp}`)).toBeVisible();

    // The kept text goes now.
    await messageBox(page).press("Enter");
    await expect(said(other, fourth)).toBeVisible();
    await expect(messageBox(page)).toHaveValue("");
    await other.context().close();
  });
});

test.describe("after an unfollow", () => {
  test("sending stops on both sides at once and the history stays; the online dot follows the other person", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    const { pageName, otherName } = await becomeMutuals(page, other);
    await openDirectChat(page, otherName);
    const dot = mutualList(page).getByRole("img", { name: TEXT.online, exact: true });
    await expect(dot).toBeVisible();
    const hello = `Before the unfollow ${Date.now()}`;
    await send(page, hello);
    await openDirectChat(other, pageName);
    await expect(said(other, hello)).toBeVisible();

    await other
      .getByRole("region", { name: TEXT.directChatWith(pageName) })
      .getByRole("button", { name: TEXT.unfollow, exact: true })
      .click();
    await expect(other.getByText(TOAST.userUnfollowed)).toBeVisible();
    await expect(other.getByText(TEXT.dmOffYouUnfollowed(pageName))).toBeVisible();
    // The other side learns it without reloading: no composer, the reason instead.
    await expect(page.getByText(TEXT.dmOffTheyUnfollowed(otherName))).toBeVisible();
    await expect(messageBox(page)).toHaveCount(0);
    await expect(said(page, hello)).toBeVisible();
    await expect(said(other, hello)).toBeVisible();

    // Still following them, so their dot stays, and goes grey when they leave.
    await other.context().close();
    await expect(
      page
        .getByRole("list", { name: TEXT.followingList, exact: true })
        .getByRole("img", { name: TEXT.offline, exact: true }),
    ).toBeVisible();
  });
});

test.describe("a guest's follow in stranger chat", () => {
  // No other spec waits in World (the default region), nor floods its queue.
  const REGION: Region = "World";

  /** A guest on the stranger tab with the region chosen, ready to press Start. */
  async function enterAsGuest(page: Page) {
    await guestViaApi(page);
    await page.goto("/chat?tab=stranger-chat");
    await page.getByRole("combobox", { name: "Region" }).click();
    await page.getByRole("option", { name: REGION, exact: true }).click();
    await expect(page.getByRole("button", { name: "Start" })).toBeEnabled();
  }

  async function matchGuests(page: Page, browser: Browser) {
    const other = await newVisitor(browser);
    await enterAsGuest(page);
    await enterAsGuest(other);
    // Both press Start together: the 10 s wait of the first never runs out on a slow machine.
    await page.getByRole("button", { name: "Start" }).click();
    await other.getByRole("button", { name: "Start" }).click();
    for (const visitor of [page, other]) {
      await expect(visitor.getByTestId("partner-name")).toBeVisible();
      await expect(messageBox(visitor)).toBeEnabled();
    }
    return other;
  }

  test("the other side reads '{name} wants to follow you...' and the guest is asked to link an account", async ({
    page,
    browser,
  }) => {
    const other = await matchGuests(page, browser);
    const guestName = (await other.getByTestId("partner-name").textContent()) ?? "";
    expect(guestName).not.toBe("");

    await page.getByRole("button", { name: TEXT.follow, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: TEXT.linkAccountTitle });
    await expect(dialog).toBeVisible();
    await expect(other.getByText(TOAST.followAttempt(guestName), { exact: true })).toBeVisible();

    // Cancel keeps the chat going; Continue would go to the profile to link.
    await dialog.getByRole("button", { name: TEXT.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(messageBox(page)).toBeEnabled();
    await expect(page.getByTestId("partner-name")).toBeVisible();
    await other.context().close();
  });
});
