import { PERMISSION, PROFANITY_REPLACEMENT, TEXT, TOAST, VALIDATION } from "@chatsphere/contract";
import { seriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import {
  createRoom,
  findRoom,
  members,
  messageBox,
  NARROW,
  newUser,
  newVisitor,
  openNewRoom,
  openRoomMenu,
  registeredUser,
  send,
  uniqueRoomName,
  yourRooms,
} from "./room-helpers";

/*
 * Rooms users own (SPEC §4 "Room lifecycle", §6 "Room owner", §8 "Rooms"), played by two or
 * three people, each in a browser context of their own with their own address.
 */

test.describe("rooms users own", () => {
  test("a registered user creates a room ('Room created successfully'); another user sees it listed, and it is still there after a reload", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    await registeredUser(page);
    await registeredUser(other);

    // The name follows the shared rule before anything is sent.
    await page.getByRole("button", { name: TEXT.createRoom }).click();
    const dialog = page.getByRole("dialog", { name: TEXT.createRoomTitle });
    await dialog.getByLabel(TEXT.roomNameLabel).fill("ab");
    await dialog.getByRole("button", { name: TEXT.create, exact: true }).click();
    await expect(dialog.getByText(VALIDATION.roomNameMin)).toBeVisible();
    await dialog.getByRole("button", { name: TEXT.cancel }).click();
    await expect(page.getByRole("button", { name: TEXT.createRoom })).toBeFocused();

    const name = uniqueRoomName();
    await createRoom(page, name);
    await expect(yourRooms(page).getByRole("button", { name })).toBeVisible();
    // The other list was open before: rooms_changed refreshed it.
    await expect(await findRoom(other, name)).toBeVisible();

    await page.reload();
    await expect(yourRooms(page).getByRole("button", { name })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(messageBox(page)).toBeEnabled();
    await other.context().close();
  });

  test("a bad word is replaced with an emoji before the other member sees it", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    await newUser(page);
    await newUser(other);
    const roomId = await openNewRoom(page);
    await other.goto(`/chat/room/${roomId}`);
    await expect(messageBox(other)).toBeEnabled();
    const stamp = Date.now();
    await send(page, `what the f*ck ${stamp}`);
    const cleaned = `what the ${PROFANITY_REPLACEMENT} ${stamp}`;
    await expect(other.getByText(cleaned, { exact: true })).toBeVisible();
    await expect(page.getByText(cleaned, { exact: true })).toBeVisible();
    await expect(other.getByText(`f*ck ${stamp}`)).toHaveCount(0);
    await other.context().close();
  });

  test("the owner's Share copies the room link; another user opens it, joins, and they talk both ways", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const other = await newVisitor(browser);
    await newUser(page);
    const otherName = await newUser(other);
    const name = uniqueRoomName();
    const roomId = await openNewRoom(page, name);

    await page.getByRole("button", { name: TEXT.shareRoom }).click();
    await expect(page.getByText(TOAST.roomLinkCopied)).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseURL ?? ""}/chat/room/${roomId}`);

    await other.goto(link);
    await expect(messageBox(other)).toBeEnabled();
    await expect(other.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(members(page).getByText(otherName, { exact: true })).toBeVisible();

    const hello = `Hello from the owner ${Date.now()}`;
    await send(page, hello);
    await expect(other.getByText(hello)).toBeVisible();
    const reply = `Hi owner, nice room ${Date.now()}`;
    await send(other, reply);
    await expect(page.getByText(reply)).toBeVisible();
    await other.context().close();
  });

  test("a locked room is greyed with a lock for a third user, who cannot join it even by link; its members stay", async ({
    page,
    browser,
  }) => {
    const member = await newVisitor(browser);
    const outsider = await newVisitor(browser);
    await newUser(page);
    await newUser(member);
    await registeredUser(outsider);
    const name = uniqueRoomName();
    const roomId = await openNewRoom(page, name);
    await member.goto(`/chat/room/${roomId}`);
    await expect(messageBox(member)).toBeEnabled();

    await openRoomMenu(page, TEXT.lockRoom);
    await expect(page.getByText(TOAST.roomLockUpdated)).toBeVisible();
    await expect(page.getByRole("img", { name: TEXT.roomLocked })).toBeVisible();

    const locked = await findRoom(outsider, name);
    await expect(locked).toHaveAttribute("aria-disabled", "true");
    await expect(locked).toHaveAccessibleDescription(TEXT.lockedRoomHint);
    await locked.click({ force: true });
    await expect(messageBox(outsider)).toHaveCount(0);
    await outsider.goto(`/chat/room/${roomId}`);
    await expect(outsider.getByText(PERMISSION.roomLocked)).toBeVisible();
    await expect(messageBox(outsider)).toHaveCount(0);

    // Members stay and keep talking.
    const text = `Still here behind the lock ${Date.now()}`;
    await send(member, text);
    await expect(page.getByText(text)).toBeVisible();

    await openRoomMenu(page, TEXT.unlockRoom);
    await expect(locked).not.toHaveAttribute("aria-disabled", "true");
    await member.context().close();
    await outsider.context().close();
  });

  test("the owner bans a member: the banned user leaves at once with 'You have been banned from this room.', and the others' member lists drop them", async ({
    page,
    browser,
  }) => {
    const banned = await newVisitor(browser);
    const witness = await newVisitor(browser);
    const ownerName = await newUser(page);
    const bannedName = await newUser(banned);
    await newUser(witness);
    const name = uniqueRoomName();
    const roomId = await openNewRoom(page, name);
    for (const visitor of [banned, witness]) {
      await visitor.goto(`/chat/room/${roomId}`);
      await expect(messageBox(visitor)).toBeEnabled();
    }
    await expect(members(page).getByText(bannedName, { exact: true })).toBeVisible();
    await expect(members(witness).getByText(bannedName, { exact: true })).toBeVisible();
    // No menu on oneself; the others' menu on a member offers Follow, never Ban.
    await expect(page.getByRole("button", { name: TEXT.memberActions(ownerName) })).toHaveCount(0);
    await witness
      .getByRole("button", { name: TEXT.memberActions(bannedName), exact: true })
      .click();
    await expect(witness.getByRole("menuitem", { name: TEXT.follow, exact: true })).toBeVisible();
    await expect(witness.getByRole("menuitem", { name: TEXT.ban })).toHaveCount(0);
    await witness.keyboard.press("Escape");

    await page.getByRole("button", { name: TEXT.memberActions(bannedName), exact: true }).click();
    await page.getByRole("menuitem", { name: TEXT.ban }).click();
    await expect(page.getByText(TOAST.userBanned)).toBeVisible();

    await expect(banned.getByText(TOAST.bannedFromRoom)).toBeVisible();
    await expect(messageBox(banned)).toHaveCount(0);
    await expect(yourRooms(banned).getByRole("button", { name })).toHaveCount(0);
    await expect(members(page).getByText(bannedName, { exact: true })).toHaveCount(0);
    await expect(members(witness).getByText(bannedName, { exact: true })).toHaveCount(0);

    // The link no longer lets them in.
    await banned.goto(`/chat/room/${roomId}`);
    await expect(banned.getByText(PERMISSION.bannedFromRoom)).toBeVisible();
    await expect(messageBox(banned)).toHaveCount(0);
    await banned.context().close();
    await witness.context().close();
  });

  test("the owner deletes a room after the exact confirmation, and it is gone for everyone", async ({
    page,
    browser,
  }) => {
    const member = await newVisitor(browser);
    const passerby = await newVisitor(browser);
    await newUser(page);
    await newUser(member);
    await registeredUser(passerby);
    const name = uniqueRoomName();
    const roomId = await openNewRoom(page, name);
    await member.goto(`/chat/room/${roomId}`);
    await expect(messageBox(member)).toBeEnabled();
    await expect(await findRoom(passerby, name)).toBeVisible();

    // Cancel first: nothing happens, and focus goes back to the menu button.
    await openRoomMenu(page, TEXT.deleteRoom);
    const confirm = page.getByRole("alertdialog", { name: TEXT.deleteRoomTitle });
    await expect(confirm.getByText(TOAST.deleteRoomConfirm(name), { exact: true })).toBeVisible();
    await confirm.getByRole("button", { name: TEXT.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("button", { name: TEXT.roomOptions })).toBeFocused();
    await expect(messageBox(member)).toBeEnabled();

    await openRoomMenu(page, TEXT.deleteRoom);
    await confirm.getByRole("button", { name: TEXT.deleteRoom }).click();
    await expect(page.getByText(TOAST.roomDeleted)).toBeVisible();
    await expect(member.getByText(TOAST.roomDeleted)).toBeVisible();
    for (const person of [page, member]) await expect(messageBox(person)).toHaveCount(0);
    for (const person of [page, member, passerby]) {
      await expect(person.getByRole("button", { name })).toHaveCount(0);
    }

    await passerby.reload();
    await expect(passerby.getByRole("button", { name: /Travel/ }).first()).toBeVisible();
    await expect(passerby.getByRole("button", { name })).toHaveCount(0);
    await member.goto(`/chat/room/${roomId}`);
    await expect(member.getByText(PERMISSION.roomNotFound)).toBeVisible();
    await member.context().close();
    await passerby.context().close();
  });

  test("a member leaves the room with 'Left room successfully'; the owner has no Leave button", async ({
    page,
    browser,
  }) => {
    const member = await newVisitor(browser);
    await newUser(page);
    const memberName = await newUser(member);
    const roomId = await openNewRoom(page);
    await expect(page.getByRole("button", { name: TEXT.leaveRoom, exact: true })).toHaveCount(0);
    await member.goto(`/chat/room/${roomId}`);
    await expect(messageBox(member)).toBeEnabled();
    await expect(members(page).getByText(memberName, { exact: true })).toBeVisible();

    await member.getByRole("button", { name: TEXT.leaveRoom, exact: true }).click();
    await expect(member.getByText(TOAST.leftRoom)).toBeVisible();
    await expect(messageBox(member)).toHaveCount(0);
    await expect(member).not.toHaveURL(/roomId=/);
    await expect(members(page).getByText(memberName, { exact: true })).toHaveCount(0);
    await member.context().close();
  });
});

test.describe("rooms on a narrow screen (375 px)", () => {
  test.use({ viewport: NARROW });

  test("the conversation alone, rooms and Create room in the 'Change Room' dialog, members and Ban in a side sheet", async ({
    page,
    browser,
  }) => {
    const member = await newVisitor(browser, NARROW);
    await registeredUser(page);
    const memberName = await newUser(member);
    await expect(page.getByRole("complementary", { name: TEXT.roomListLabel })).toHaveCount(0);

    await page.getByRole("button", { name: TEXT.changeRoom }).first().click();
    const picker = page.getByRole("dialog", { name: TEXT.changeRoom });
    await expect(picker.getByRole("list", { name: TEXT.allRooms })).toBeVisible();
    const name = uniqueRoomName();
    const roomId = await createRoom(page, name);
    await expect(picker).toBeHidden();

    await member.goto(`/chat/room/${roomId}`);
    await expect(messageBox(member)).toBeEnabled();

    await page.getByRole("button", { name: TEXT.showMembers }).click();
    const sheet = page.getByRole("dialog", { name });
    await expect(members(page).getByText(memberName, { exact: true })).toBeVisible();
    await sheet.getByRole("button", { name: TEXT.memberActions(memberName), exact: true }).click();
    await page.getByRole("menuitem", { name: TEXT.ban }).click();
    await expect(page.getByText(TOAST.userBanned)).toBeVisible();
    await expect(member.getByText(TOAST.bannedFromRoom)).toBeVisible();
    await expect(sheet.getByText(memberName, { exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("button", { name: TEXT.showMembers })).toBeFocused();

    // Another room from the dialog; the owner's own room stays under "Your rooms".
    await page.getByRole("button", { name: TEXT.changeRoom }).first().click();
    await picker.getByRole("button", { name: /Travel/ }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: /Travel/ })).toBeVisible();
    await expect(messageBox(page)).toBeEnabled();
    await page.getByRole("button", { name: TEXT.changeRoom }).first().click();
    await expect(yourRooms(page).getByRole("button", { name })).toBeVisible();
    await member.context().close();
  });
});

test.describe("rooms accessibility", () => {
  test.use({ bypassCSP: true });

  // The chat area and the layers it opens; the header's profile menu is the shell's.
  test("a room with the owner's actions, its menu and the narrow 'Change Room' dialog have no serious axe violations", async ({
    page,
  }) => {
    await newUser(page);
    await openNewRoom(page);
    expect(await seriousA11yViolations(page, "#main")).toEqual([]);
    await page.getByRole("button", { name: TEXT.roomOptions }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousA11yViolations(page, "[role=menu]")).toEqual([]);
    await page.keyboard.press("Escape");

    await page.setViewportSize(NARROW);
    await page.getByRole("button", { name: TEXT.changeRoom }).first().click();
    await expect(page.getByRole("dialog", { name: TEXT.changeRoom })).toBeVisible();
    expect(await seriousA11yViolations(page, "[role=dialog]")).toEqual([]);
  });
});
