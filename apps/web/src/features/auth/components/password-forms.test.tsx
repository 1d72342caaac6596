import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { TEXT, TOAST, VALIDATION } from "@chatsphere/contract";
import { server } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { ForgotPasswordForm } from "./forgot-password-form";
import { InvalidResetLink, ResetPasswordForm } from "./reset-password-form";

test("forgot password: a malformed address is refused before anything is sent", async () => {
  const { user } = await renderWithProviders(<ForgotPasswordForm />);
  await user.type(screen.getByLabelText("Email"), "nope");
  await user.click(screen.getByRole("button", { name: "Send reset link" }));
  expect(await screen.findByText(VALIDATION.forgotInvalidEmail)).toBeVisible();
  expect(server.calls).toEqual([]);
});

test("forgot password: an unknown address is said under the field, and no mail is asked for", async () => {
  server.answer("user.checkEmailExists", () => ({ exists: false }));
  const { user } = await renderWithProviders(<ForgotPasswordForm />);
  await user.type(screen.getByLabelText("Email"), "nobody@example.com");
  await user.click(screen.getByRole("button", { name: "Send reset link" }));
  expect(await screen.findByText(VALIDATION.noAccountForEmail)).toBeVisible();
  expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
  expect(server.authBodiesOf("request-password-reset")).toEqual([]);
});

test("forgot password: once sent, the form gives way to the spec's confirmation", async () => {
  server.answer("user.checkEmailExists", () => ({ exists: true }));
  server.answerAuth("request-password-reset", () => ({ body: { status: true } }));
  const { user } = await renderWithProviders(<ForgotPasswordForm />);
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.click(screen.getByRole("button", { name: "Send reset link" }));
  expect(await screen.findByRole("status")).toHaveTextContent(TOAST.resetLinkSent);
  expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
});

test("reset password: passwords that differ show the spec's text and send nothing", async () => {
  const { user } = await renderWithProviders(<ResetPasswordForm token="abc" />);
  await user.type(screen.getByLabelText("New password"), "password123");
  await user.type(screen.getByLabelText("Confirm new password"), "password999");
  await user.click(screen.getByRole("button", { name: "Reset password" }));
  expect(await screen.findByText(VALIDATION.passwordsDontMatch)).toBeVisible();
  expect(server.calls).toEqual([]);
});

test("reset password: an expired token is told as the spec's toast, on the same page", async () => {
  server.answerAuth("reset-password", () => ({
    status: 400,
    body: { code: "INVALID_TOKEN", message: "invalid token" },
  }));
  const { user, router } = await renderWithProviders(<ResetPasswordForm token="abc" />, {
    path: "/reset-password?token=abc",
  });
  await user.type(screen.getByLabelText("New password"), "password123");
  await user.type(screen.getByLabelText("Confirm new password"), "password123");
  await user.click(screen.getByRole("button", { name: "Reset password" }));
  expect(await findToast(TOAST.invalidResetToken)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/reset-password");
});

test("reset password: without a token the page says the link is invalid", async () => {
  await renderWithProviders(<InvalidResetLink />);
  expect(screen.getByRole("heading", { name: TEXT.invalidLinkTitle })).toBeVisible();
  expect(screen.getByText(TEXT.invalidLinkBody)).toBeVisible();
  expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});
