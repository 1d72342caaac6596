import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { CONTENT_TEXT, CONTENT_TOAST, PERMISSION, TEXT, VALIDATION } from "@chatsphere/contract";
import { deferred, server, type OutputOf } from "@/test/fake-server";
import { guestSession, sessionOf } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { CommentsSection } from "./comments-section";

const BLOG_ID = "blog1";

function answerNoComments() {
  server.answer("blog.listComments", () => ({ comments: [], hasMore: false }));
}

async function renderAsReader() {
  answerNoComments();
  const view = await renderWithProviders(<CommentsSection blogId={BLOG_ID} />, {
    session: sessionOf(),
  });
  await screen.findByLabelText(CONTENT_TEXT.commentLabel);
  return view;
}

test("a post without comments says so; a visitor is invited to log in or sign up", async () => {
  answerNoComments();
  await renderWithProviders(<CommentsSection blogId={BLOG_ID} />, { session: null });
  expect(await screen.findByText(CONTENT_TEXT.noComments)).toBeVisible();
  expect(await screen.findByText(CONTENT_TEXT.commentLogIn)).toBeVisible();
  expect(screen.getByRole("link", { name: TEXT.logIn })).toHaveAttribute("href", "/log-in");
  expect(screen.getByRole("link", { name: TEXT.signUp })).toHaveAttribute("href", "/sign-up");
  expect(screen.queryByLabelText(CONTENT_TEXT.commentLabel)).not.toBeInTheDocument();
});

test("guests are invited to link their account instead of commenting", async () => {
  answerNoComments();
  await renderWithProviders(<CommentsSection blogId={BLOG_ID} />, { session: guestSession() });
  expect(await screen.findByText(CONTENT_TEXT.commentGuest)).toBeVisible();
  expect(screen.getByRole("link", { name: "Link your account" })).toHaveAttribute(
    "href",
    "/profile",
  );
  expect(screen.queryByLabelText(CONTENT_TEXT.commentLabel)).not.toBeInTheDocument();
});

test("an empty comment shows the spec's text and posts nothing", async () => {
  const { user } = await renderAsReader();
  await user.click(screen.getByRole("button", { name: CONTENT_TEXT.postComment }));
  expect(await screen.findByText(VALIDATION.commentEmpty)).toBeVisible();
  expect(server.inputsOf("blog.createComment")).toEqual([]);
});

test("Post is disabled while the comment is sent; then the spec's toast and an empty box", async () => {
  const answer = deferred<OutputOf<"blog.createComment">>();
  server.answer("blog.createComment", () => answer.promise);
  const { user } = await renderAsReader();
  await user.type(screen.getByLabelText(CONTENT_TEXT.commentLabel), "Great read");
  const post = screen.getByRole("button", { name: CONTENT_TEXT.postComment });
  await user.click(post);
  expect(post).toBeDisabled();
  answer.resolve({ id: "comment1", approved: false });
  expect(await findToast(CONTENT_TOAST.commentAdded)).toBeInTheDocument();
  expect(screen.getByLabelText(CONTENT_TEXT.commentLabel)).toHaveValue("");
  expect(server.inputsOf("blog.createComment")).toEqual([{ blogId: BLOG_ID, text: "Great read" }]);
});

test("a comment the server refuses shows its message as a toast and keeps the text", async () => {
  server.refuse("blog.createComment", { status: 429, message: PERMISSION.rateLimited });
  const { user } = await renderAsReader();
  await user.type(screen.getByLabelText(CONTENT_TEXT.commentLabel), "Great read");
  await user.click(screen.getByRole("button", { name: CONTENT_TEXT.postComment }));
  expect(await findToast(PERMISSION.rateLimited)).toBeInTheDocument();
  expect(screen.getByLabelText(CONTENT_TEXT.commentLabel)).toHaveValue("Great read");
});
