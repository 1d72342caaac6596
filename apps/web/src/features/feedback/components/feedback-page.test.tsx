import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { CONTENT_TEXT, TOAST } from "@chatsphere/contract";
import { server } from "@/test/fake-server";
import { guestSession, sessionOf } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { FeedbackPage } from "./feedback-page";

test("a user who sent nothing yet reads the empty state under the form", async () => {
  server.answer("feedback.listUser", () => ({ feedbacks: [], hasMore: false }));
  await renderWithProviders(<FeedbackPage session={sessionOf()} />);
  expect(await screen.findByText(CONTENT_TEXT.noOwnFeedbacks)).toBeVisible();
  expect(screen.getByLabelText(CONTENT_TEXT.feedbackLabel)).toBeEnabled();
  expect(screen.queryByRole("button", { name: CONTENT_TEXT.loadMore })).not.toBeInTheDocument();
});

test("guests are asked to link their account instead of getting the form", async () => {
  await renderWithProviders(<FeedbackPage session={guestSession()} />);
  expect(screen.getByText(CONTENT_TEXT.feedbackGuest)).toBeVisible();
  expect(screen.getByRole("link", { name: "Go to your profile" })).toHaveAttribute(
    "href",
    "/profile",
  );
  expect(screen.queryByLabelText(CONTENT_TEXT.feedbackLabel)).not.toBeInTheDocument();
  expect(server.calls).toEqual([]);
});

test("a list that fails to load says 'Error: {message}', and Retry loads it again", async () => {
  server.refuse("feedback.listUser", { status: 500, message: "Service unavailable" });
  const { user } = await renderWithProviders(<FeedbackPage session={sessionOf()} />);
  expect(await findToast(TOAST.queryError("Service unavailable"))).toBeInTheDocument();

  server.answer("feedback.listUser", () => ({ feedbacks: [], hasMore: false }));
  await user.click(screen.getByRole("button", { name: "Retry" }));
  expect(await screen.findByText(CONTENT_TEXT.noOwnFeedbacks)).toBeVisible();
  expect(server.inputsOf("feedback.listUser")).toHaveLength(2);
});
