import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { TEXT, TOAST, VALIDATION } from "@chatsphere/contract";
import { server } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast, toasts } from "@/test/toasts";
import { LogInForm } from "./log-in-form";

test("bad input shows the spec's texts and sends nothing", async () => {
  const { user } = await renderWithProviders(<LogInForm />, { path: "/log-in" });
  await user.type(screen.getByLabelText("Email"), "nope");
  await user.type(screen.getByLabelText("Password"), "1234");
  await user.click(screen.getByRole("button", { name: TEXT.logIn }));
  expect(await screen.findByText(VALIDATION.invalidEmail)).toBeVisible();
  expect(screen.getByText(VALIDATION.passwordMin)).toBeVisible();
  expect(server.calls).toEqual([]);
});

test("a wrong password is refused with the server's message, on the same page", async () => {
  server.answerAuth("sign-in/email", () => ({
    status: 401,
    body: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
  }));
  const { user, router } = await renderWithProviders(<LogInForm />, { path: "/log-in" });
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "wrong-password");
  await user.click(screen.getByRole("button", { name: TEXT.logIn }));
  expect(await findToast("Invalid email or password")).toBeInTheDocument();
  expect(toasts().queryByText(TOAST.logInSuccess)).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/log-in");
});
