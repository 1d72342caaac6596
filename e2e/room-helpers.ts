import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { nameFromEmail, STORAGE_KEYS, TEXT, TOAST } from "@chatsphere/contract";
import { expect, nextClientIp, uniqueEmail } from "./fixtures";
import { callRpc, signUpViaApi } from "./sessions";

/* Steps of the room specs (rooms.spec.ts), each taken as a person would take it. */

export const NARROW = { width: 375, height: 740 };

/** Another person: a browser context of their own, with their own address. */
export async function newVisitor(browser: Browser, viewport?: typeof NARROW): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": nextClientIp() },
    ...(viewport ? { viewport } : {}),
  });
  await context.addInitScript(
    (keys) => {
      for (const key of keys) window.localStorage.setItem(key, "true");
    },
    [STORAGE_KEYS.ageAccepted, STORAGE_KEYS.welcomeAccepted],
  );
  return context.newPage();
}

/** Signs a new user up (through the API: no page opened yet); returns their display name. */
export const newUser = async (page: Page): Promise<string> =>
  nameFromEmail(await signUpViaApi(page, uniqueEmail("rooms")));

/** Signs a new user up and opens the Chat Rooms tab; returns their display name. */
export async function registeredUser(page: Page): Promise<string> {
  const name = await newUser(page);
  await page.goto("/chat?tab=chat-rooms");
  return name;
}

// Random, so that no room's name is part of another's (buttons are found by name).
export const uniqueRoomName = () => `Room ${randomUUID().slice(0, 8)}`;

export const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message" });
export const yourRooms = (page: Page) => page.getByRole("list", { name: TEXT.yourRooms });
export const members = (page: Page) => page.getByRole("list", { name: TEXT.membersList });
export const roomIdOf = (page: Page) => new URL(page.url()).searchParams.get("roomId") ?? "";

export async function send(page: Page, text: string) {
  await expect(messageBox(page)).toBeEnabled();
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
}

/** Creates a room from the Create room button in view and waits for it to open. */
export async function createRoom(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: TEXT.createRoom }).click();
  const dialog = page.getByRole("dialog", { name: TEXT.createRoomTitle });
  await dialog.getByLabel(TEXT.roomNameLabel).fill(name);
  await dialog.getByRole("button", { name: TEXT.create, exact: true }).click();
  await expect(page.getByText(TOAST.roomCreated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(messageBox(page)).toBeEnabled();
  await expect(page).toHaveURL(/roomId=/);
  return roomIdOf(page);
}

/**
 * A room the page's user owns, made through the API (set-up, where the Create room dialog is
 * not what is tested), and opened on their screen; returns its id.
 */
export async function openNewRoom(page: Page, name = uniqueRoomName()): Promise<string> {
  const { room } = await callRpc<{ room: { id: string } }>(page, "room/create", { name });
  await page.goto(`/chat?tab=chat-rooms&roomId=${room.id}`);
  await expect(messageBox(page)).toBeEnabled();
  return room.id;
}

/** A room's button in the lists, loading more of "All rooms" until it shows. */
export async function findRoom(page: Page, name: string) {
  // The global rooms come first: once one shows, the first page is in.
  await expect(page.getByRole("button", { name: /Travel/ }).first()).toBeVisible();
  const room = page.getByRole("button", { name });
  const more = page.getByRole("button", { name: TEXT.loadMoreRooms });
  for (
    let round = 0;
    round < 20 && !(await room.isVisible()) && (await more.isVisible());
    round++
  ) {
    await more.click();
    await expect(more).not.toHaveAttribute("aria-busy", "true");
  }
  return room;
}

export async function openRoomMenu(page: Page, item: string) {
  await page.getByRole("button", { name: TEXT.roomOptions }).click();
  await page.getByRole("menuitem", { name: item }).click();
}
