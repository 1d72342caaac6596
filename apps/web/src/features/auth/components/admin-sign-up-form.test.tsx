import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { PERMISSION, TOAST, VALIDATION } from "@chatsphere/contract";
import { server } from "@/test/fake-server";
import { renderWithProviders } from "@/test/render";
import { findToast, toasts } from "@/test/toasts";
import { AdminSignUpForm } from "./admin-sign-up-form";

async function submit(
  user: Awaited<ReturnType<typeof renderWithProviders>>["user"],
  values: { email: string; password: string; confirm: string },
) {
  await user.type(screen.getByLabelText("Email"), values.email);
  await user.type(screen.getByLabelText("Password"), values.password);
  await user.type(screen.getByLabelText("Confirm password"), values.confirm);
  await user.click(screen.getByRole("button", { name: "Create admin account" }));
}

test("bad input shows the spec's texts and sends nothing", async () => {
  const { user } = await renderWithProviders(<AdminSignUpForm />);
  await submit(user, { email: "bad", password: "password123", confirm: "password321" });
  expect(await screen.findByText(VALIDATION.invalidEmail)).toBeVisible();
  expect(screen.getByText(VALIDATION.passwordsDoNotMatch)).toBeVisible();
  expect(server.calls).toEqual([]);
});

test("a second admin signing up alone is refused: the spec's toast with the server's reason", async () => {
  server.refuse("admin.signUp", {
    status: 403,
    code: "FORBIDDEN",
    message: PERMISSION.adminExists,
  });
  const { user, router } = await renderWithProviders(<AdminSignUpForm />, {
    path: "/admin/sign-up",
  });
  await submit(user, {
    email: "boss@example.com",
    password: "password123",
    confirm: "password123",
  });
  expect(await findToast(TOAST.adminCreationFailed)).toBeInTheDocument();
  expect(toasts().getByText(PERMISSION.adminExists)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/admin/sign-up");
});
