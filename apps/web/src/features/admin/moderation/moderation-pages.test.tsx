import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { CONTENT_TEXT, CONTENT_TOAST } from "@chatsphere/contract";
import { deferred, server, type OutputOf } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { FeedbacksPage } from "./feedbacks-page";
import { PendingCommentsPage } from "./pending-comments-page";

const pending: OutputOf<"admin.listPendingComments">["comments"][number] = {
  id: "comment1",
  text: "First!",
  createdAt: new Date("2026-01-02T03:04:05.000Z"),
  author: { name: "Grace", image: null },
  blog: { title: "Hello world", slug: "hello-world" },
};

test("no feedback sent yet: the admin's list says 'No feedbacks found.'", async () => {
  server.answer("feedback.list", () => ({ feedbacks: [], hasMore: false }));
  await renderWithProviders(<FeedbacksPage />);
  expect(await screen.findByText(CONTENT_TEXT.noFeedbacks)).toBeVisible();
});

test("no comment waiting: the queue says 'No pending comments.'", async () => {
  server.answer("admin.listPendingComments", () => ({
    comments: [],
    hasMore: false,
    nextCursor: null,
  }));
  await renderWithProviders(<PendingCommentsPage />);
  expect(await screen.findByText(CONTENT_TEXT.noPendingComments)).toBeVisible();
});

test("Approve reads 'Approving...' and is disabled while running; then the spec's toast", async () => {
  const comments = [pending];
  server.answer("admin.listPendingComments", () => ({
    comments: [...comments],
    hasMore: false,
    nextCursor: null,
  }));
  const approved = deferred<OutputOf<"admin.approveComment">>();
  server.answer("admin.approveComment", () => approved.promise);
  const { user } = await renderWithProviders(<PendingCommentsPage />);
  await user.click(await screen.findByRole("button", { name: CONTENT_TEXT.approve }));

  const approving = screen.getByRole("button", { busy: true });
  expect(approving).toHaveTextContent(CONTENT_TEXT.approving);
  expect(approving).toBeDisabled();
  comments.length = 0;
  approved.resolve({ id: "comment1", approvedAt: new Date() });
  expect(await findToast(CONTENT_TOAST.commentApproved)).toBeInTheDocument();
  expect(await screen.findByText(CONTENT_TEXT.noPendingComments)).toBeVisible();
  expect(server.inputsOf("admin.approveComment")).toEqual([{ id: "comment1" }]);
});

test("an approval the server refuses shows its message, and the comment stays", async () => {
  server.answer("admin.listPendingComments", () => ({
    comments: [pending],
    hasMore: false,
    nextCursor: null,
  }));
  server.refuse("admin.approveComment", {
    status: 404,
    code: "NOT_FOUND",
    message: "Comment not found",
  });
  const { user } = await renderWithProviders(<PendingCommentsPage />);
  await user.click(await screen.findByRole("button", { name: CONTENT_TEXT.approve }));
  expect(await findToast("Comment not found")).toBeInTheDocument();
  expect(screen.getByText("First!")).toBeVisible();
  expect(screen.getByRole("button", { name: CONTENT_TEXT.approve })).toBeEnabled();
});
