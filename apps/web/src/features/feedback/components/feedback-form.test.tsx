import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { CONTENT_TEXT, CONTENT_TOAST, PERMISSION, VALIDATION } from "@chatsphere/contract";
import { deferred, server, type OutputOf } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast, toasts } from "@/test/toasts";
import { FeedbackForm } from "./feedback-form";

async function send(user: Awaited<ReturnType<typeof renderWithProviders>>["user"], text: string) {
  if (text) await user.type(screen.getByLabelText(CONTENT_TEXT.feedbackLabel), text);
  const button = screen.getByRole("button", { name: CONTENT_TEXT.sendFeedback });
  await user.click(button);
  return button;
}

test("an empty or blank feedback shows the spec's text and sends nothing", async () => {
  const { user } = await renderWithProviders(<FeedbackForm />);
  await send(user, "   ");
  expect(await screen.findByText(VALIDATION.feedbackEmpty)).toBeVisible();
  expect(screen.getByLabelText(CONTENT_TEXT.feedbackLabel)).toHaveAttribute("aria-invalid", "true");
  expect(server.calls).toEqual([]);
});

test("the button is disabled while the feedback is on its way; then the box is emptied", async () => {
  const answer = deferred<OutputOf<"feedback.create">>();
  server.answer("feedback.create", () => answer.promise);
  const { user } = await renderWithProviders(<FeedbackForm />);
  const button = await send(user, "Nice app");
  expect(button).toBeDisabled();
  answer.resolve({ id: "fb1", message: "Nice app", createdAt: new Date() });
  expect(await findToast(CONTENT_TOAST.feedbackSubmitted)).toBeInTheDocument();
  expect(button).toBeEnabled();
  expect(screen.getByLabelText(CONTENT_TEXT.feedbackLabel)).toHaveValue("");
  expect(server.inputsOf("feedback.create")).toEqual([{ message: "Nice app" }]);
});

test("a refused feedback shows the spec's failure toast and keeps the text", async () => {
  server.refuse("feedback.create", { status: 500, message: "database is down" });
  const { user } = await renderWithProviders(<FeedbackForm />);
  await send(user, "Nice app");
  expect(await findToast(CONTENT_TOAST.feedbackFailed)).toBeInTheDocument();
  expect(screen.queryByText("database is down")).not.toBeInTheDocument();
  expect(screen.getByLabelText(CONTENT_TEXT.feedbackLabel)).toHaveValue("Nice app");
});

test("a feedback refused for sending too often says to slow down instead", async () => {
  server.refuse("feedback.create", { status: 429, message: PERMISSION.rateLimited });
  const { user } = await renderWithProviders(<FeedbackForm />);
  await send(user, "Nice app");
  expect(await findToast(PERMISSION.rateLimited)).toBeInTheDocument();
  expect(toasts().queryByText(CONTENT_TOAST.feedbackFailed)).not.toBeInTheDocument();
});
