import { screen, within } from "@testing-library/react";
import { expect, test } from "vitest";
import {
  ADMIN_ERROR,
  ADMIN_TOAST,
  USERS_TEXT,
  usersSearchSchema,
  type AdminUser,
  type UsersSearch,
} from "@chatsphere/contract";
import { deferred, server, type OutputOf } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { UsersPage } from "./users-page";

const ada: AdminUser = {
  id: "user-2",
  name: "Ada",
  email: "ada@example.com",
  isAnonymous: false,
  banned: false,
  role: "user",
};

function answerUsers(users: AdminUser[]) {
  server.answer("admin.listUsers", () => ({
    users,
    total: users.length,
    totalPages: users.length ? 1 : 0,
    hasNextPage: false,
    hasPreviousPage: false,
  }));
}

/** The page as its route gives it: the URL's search parameters with the spec's fallbacks. */
async function renderUsers(search: Partial<UsersSearch> = {}) {
  return renderWithProviders(<UsersPage search={usersSearchSchema.parse(search)} />, {
    path: "/admin/dashboard/users",
  });
}

/** Its label is the short one or the long one by screen width; both are in the DOM here. */
const deleteGuests = () =>
  screen.getByRole("button", { name: new RegExp(`^${USERS_TEXT.deleteGuestsShort}`) });

test("no users match: the table says 'No results.' and Export and Clear are disabled", async () => {
  answerUsers([]);
  await renderUsers();
  const table = screen.getByRole("table", { name: USERS_TEXT.heading });
  expect(await within(table).findByText(USERS_TEXT.noResults)).toBeVisible();
  expect(screen.getByRole("button", { name: USERS_TEXT.export })).toBeDisabled();
  expect(screen.getByRole("button", { name: USERS_TEXT.clear })).toBeDisabled();
});

test("with a name filter in the URL, Clear is enabled and the filter is what is asked for", async () => {
  answerUsers([ada]);
  await renderUsers({ name: "ad" });
  expect(await screen.findByText("ada@example.com")).toBeVisible();
  expect(screen.getByRole("button", { name: USERS_TEXT.clear })).toBeEnabled();
  expect(screen.getByRole("button", { name: USERS_TEXT.export })).toBeEnabled();
  expect(server.inputsOf("admin.listUsers")[0]?.filter).toEqual({ name: "ad", userType: "all" });
});

test("Delete All Guests reads 'Deleting...' and is locked while running, then says how many", async () => {
  answerUsers([]);
  const deleted = deferred<OutputOf<"admin.deleteAllGuestUsers">>();
  server.answer("admin.deleteAllGuestUsers", () => deleted.promise);
  const { user } = await renderUsers();
  await user.click(deleteGuests());
  const dialog = await screen.findByRole("alertdialog", { name: USERS_TEXT.deleteGuestsTitle });
  expect(within(dialog).getByText(USERS_TEXT.deleteGuestsBody)).toBeVisible();
  await user.click(within(dialog).getByRole("button", { name: USERS_TEXT.continue }));

  const running = within(dialog).getByRole("button", { busy: true });
  expect(running).toHaveTextContent(USERS_TEXT.deleting);
  expect(running).toBeDisabled();
  expect(within(dialog).getByRole("button", { name: USERS_TEXT.cancel })).toBeDisabled();
  deleted.resolve({ deletedCount: 3 });
  expect(await findToast(ADMIN_TOAST.guestsDeleted(3))).toBeInTheDocument();
  expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
});

test("Delete All Guests refused: the server's reason in the spec's error toast", async () => {
  answerUsers([]);
  server.refuse("admin.deleteAllGuestUsers", {
    status: 409,
    code: "CONFLICT",
    message: ADMIN_ERROR.guestPurgeRunning,
  });
  const { user } = await renderUsers();
  await user.click(deleteGuests());
  const dialog = await screen.findByRole("alertdialog", { name: USERS_TEXT.deleteGuestsTitle });
  await user.click(within(dialog).getByRole("button", { name: USERS_TEXT.continue }));
  expect(
    await findToast(ADMIN_TOAST.actionFailed(ADMIN_ERROR.guestPurgeRunning)),
  ).toBeInTheDocument();
});

test("a ban the server refuses shows its reason; the row stays as it was", async () => {
  answerUsers([ada]);
  server.refuse("admin.banUser", {
    status: 400,
    code: "BAD_REQUEST",
    message: ADMIN_ERROR.lastAdmin,
  });
  const { user } = await renderUsers();
  await user.click(await screen.findByRole("button", { name: USERS_TEXT.rowActions("Ada") }));
  await user.click(await screen.findByRole("menuitem", { name: USERS_TEXT.banUser }));
  expect(await findToast(ADMIN_TOAST.actionFailed(ADMIN_ERROR.lastAdmin))).toBeInTheDocument();
  expect(screen.queryByText(USERS_TEXT.bannedBadge)).not.toBeInTheDocument();
  expect(server.inputsOf("admin.banUser")).toEqual([{ userId: "user-2" }]);
});
