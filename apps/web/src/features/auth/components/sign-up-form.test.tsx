import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { TEXT, TOAST, VALIDATION } from "@chatsphere/contract";
import { deferred, server, type AuthAnswer } from "@/test/fake-server";
import { sessionOf } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { findToast } from "@/test/toasts";
import { SignUpForm } from "./sign-up-form";

const ALREADY_EXISTS = "User already exists. Use another email.";

async function fillIn(
  user: Awaited<ReturnType<typeof renderWithProviders>>["user"],
  values: { email: string; password: string; confirm: string },
) {
  await user.type(screen.getByLabelText("Email"), values.email);
  await user.type(screen.getByLabelText("Password"), values.password);
  await user.type(screen.getByLabelText("Confirm password"), values.confirm);
  const submit = screen.getByRole("button", { name: TEXT.signUp });
  await user.click(submit);
  return submit;
}

test("bad input shows the spec's texts under the fields and sends nothing", async () => {
  const { user } = await renderWithProviders(<SignUpForm />, { path: "/sign-up" });
  await fillIn(user, { email: "not-an-email", password: "short", confirm: "x" });
  expect(await screen.findByText(VALIDATION.invalidEmail)).toBeVisible();
  expect(screen.getByText(VALIDATION.passwordMin)).toBeVisible();
  expect(screen.getByText(VALIDATION.confirmPassword)).toBeVisible();
  expect(server.calls).toEqual([]);
});

test("passwords that differ are marked on the confirmation only", async () => {
  const { user } = await renderWithProviders(<SignUpForm />, { path: "/sign-up" });
  await fillIn(user, { email: "ok@example.com", password: "password123", confirm: "password124" });
  expect(await screen.findByText(VALIDATION.passwordsDoNotMatch)).toBeVisible();
  expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
  expect(server.calls).toEqual([]);
});

test("the button is disabled while signing up; success toasts and enters the chat", async () => {
  const answer = deferred<AuthAnswer>();
  server.answerAuth("sign-up/email", () => answer.promise);
  const { user, router } = await renderWithProviders(<SignUpForm />, { path: "/sign-up" });
  const submit = await fillIn(user, {
    email: "ada@example.com",
    password: "password123",
    confirm: "password123",
  });
  expect(submit).toBeDisabled();

  server.signIn(sessionOf());
  answer.resolve({ body: sessionOf() });
  expect(await findToast(TOAST.signUpSuccess)).toBeInTheDocument();
  await expect.poll(() => router.state.location.pathname).toBe("/chat");
  expect(server.authBodiesOf("sign-up/email")).toEqual([
    { email: "ada@example.com", password: "password123", name: "ada" },
  ]);
});

test("a refused sign-up shows the server's message as a toast and stays on the page", async () => {
  server.answerAuth("sign-up/email", () => ({
    status: 422,
    body: { code: "USER_ALREADY_EXISTS", message: ALREADY_EXISTS },
  }));
  const { user, router } = await renderWithProviders(<SignUpForm />, { path: "/sign-up" });
  await fillIn(user, { email: "ada@example.com", password: "password123", confirm: "password123" });
  expect(await findToast(ALREADY_EXISTS)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: TEXT.signUp })).toBeEnabled();
  expect(router.state.location.pathname).toBe("/sign-up");
});
