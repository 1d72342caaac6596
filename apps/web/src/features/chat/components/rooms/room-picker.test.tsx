import { screen, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { PERMISSION, TEXT, TOAST, VALIDATION, type RoomSummary } from "@chatsphere/contract";
import { deferred, server, type OutputOf } from "@/test/fake-server";
import { roomOf } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { useRoomLists } from "../../hooks/use-room-lists";
import { RoomPicker } from "./room-picker";

/** The picker as the Chat Rooms tab gives it: fed by the two room lists of the server. */
function Picker({ onCreated }: { onCreated(room: RoomSummary): void }) {
  return <RoomPicker lists={useRoomLists()} onSelect={() => {}} onCreated={onCreated} />;
}

function answerRooms(mine: RoomSummary[], all: RoomSummary[]) {
  server.answer("room.getMyRooms", () => ({ rooms: mine, nextCursor: null }));
  server.answer("room.listRooms", () => ({ rooms: all, nextCursor: null }));
}

async function openCreateDialog(onCreated = vi.fn()) {
  answerRooms([], []);
  const view = await renderWithProviders(<Picker onCreated={onCreated} />);
  await view.user.click(screen.getByRole("button", { name: TEXT.createRoom }));
  const dialog = await screen.findByRole("dialog", { name: TEXT.createRoomTitle });
  return { ...view, dialog, onCreated };
}

test("no rooms at all: both lists say so in the spec's words", async () => {
  answerRooms([], []);
  await renderWithProviders(<Picker onCreated={() => {}} />);
  const mine = screen.getByRole("region", { name: TEXT.yourRooms });
  const all = screen.getByRole("region", { name: TEXT.allRooms });
  expect(await within(mine).findByText(TEXT.noOwnRooms)).toBeVisible();
  expect(await within(all).findByText(TEXT.noRoomsYet)).toBeVisible();
});

test("a room name shorter than 3 characters shows the spec's text and creates nothing", async () => {
  const { user, dialog } = await openCreateDialog();
  await user.type(within(dialog).getByLabelText(TEXT.roomNameLabel), "ab");
  await user.click(within(dialog).getByRole("button", { name: TEXT.create }));
  expect(await within(dialog).findByText(VALIDATION.roomNameMin)).toBeVisible();
  expect(server.inputsOf("room.create")).toEqual([]);
});

test("Create is disabled while the room is made; then the spec's toast and the room opens", async () => {
  const made = deferred<OutputOf<"room.create">>();
  server.answer("room.create", () => made.promise);
  const { user, dialog, onCreated } = await openCreateDialog();
  await user.type(within(dialog).getByLabelText(TEXT.roomNameLabel), "  Book club  ");
  const create = within(dialog).getByRole("button", { name: TEXT.create });
  await user.click(create);
  expect(create).toBeDisabled();

  const room = roomOf({ id: "book-club", name: "Book club" });
  made.resolve({ message: TOAST.roomCreated, room });
  expect(await findToast(TOAST.roomCreated)).toBeInTheDocument();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(onCreated).toHaveBeenCalledWith(room);
  expect(server.inputsOf("room.create")).toEqual([{ name: "Book club" }]);
});

test("a room the server refuses shows its message as a toast and the dialog stays", async () => {
  server.refuse("room.create", {
    status: 403,
    code: "FORBIDDEN",
    message: PERMISSION.guestsNotAllowed,
  });
  const { user, dialog, onCreated } = await openCreateDialog();
  await user.type(within(dialog).getByLabelText(TEXT.roomNameLabel), "Book club");
  await user.click(within(dialog).getByRole("button", { name: TEXT.create }));
  expect(await findToast(PERMISSION.guestsNotAllowed)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(TEXT.roomNameLabel)).toHaveValue("Book club");
  expect(onCreated).not.toHaveBeenCalled();
});
