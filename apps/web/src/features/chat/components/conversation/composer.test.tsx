import { screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { TEXT } from "@chatsphere/contract";
import { renderWithProviders } from "@/test/render";
import { Composer } from "./composer";

function renderComposer({ ready = true, onSend = vi.fn(async () => true) } = {}) {
  return renderWithProviders(
    <Composer ready={ready} onSend={onSend} onTyping={() => {}} onFiles={() => {}} />,
  ).then((view) => ({ ...view, onSend }));
}

test("Send is disabled while the box is empty or blank, and enabled with text", async () => {
  const { user } = await renderComposer();
  const send = screen.getByRole("button", { name: "Send message" });
  expect(send).toBeDisabled();
  await user.type(screen.getByRole("textbox", { name: "Message" }), "   ");
  expect(send).toBeDisabled();
  await user.type(screen.getByRole("textbox", { name: "Message" }), "hi");
  expect(send).toBeEnabled();
});

test("Enter sends the trimmed text and empties the box; a blank Enter sends nothing", async () => {
  const { user, onSend } = await renderComposer();
  const box = screen.getByRole("textbox", { name: "Message" });
  await user.type(box, "   {Enter}");
  expect(onSend).not.toHaveBeenCalled();
  await user.clear(box);
  await user.type(box, "  hello  {Enter}");
  expect(onSend).toHaveBeenCalledWith("hello");
  expect(box).toHaveValue("");
});

test("until the channel is ready the box says 'Connecting...' and nothing can be sent", async () => {
  await renderComposer({ ready: false });
  const box = screen.getByRole("textbox", { name: "Message" });
  expect(box).toBeDisabled();
  expect(box).toHaveAttribute("placeholder", TEXT.connecting);
  expect(screen.getByRole("button", { name: "Send message" })).toBeDisabled();
  expect(screen.getByRole("button", { name: TEXT.attachFile })).toBeDisabled();
});

test("a message that failed to send comes back into the box", async () => {
  const { user } = await renderComposer({ onSend: vi.fn(async () => false) });
  const box = screen.getByRole("textbox", { name: "Message" });
  await user.type(box, "hello{Enter}");
  await vi.waitFor(() => expect(box).toHaveValue("hello"));
});
