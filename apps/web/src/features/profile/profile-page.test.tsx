import { screen, waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { PERMISSION, SAFETY_TEXT, TEXT, TOAST, VALIDATION } from "@chatsphere/contract";
import { deferred, refusal, server, type OutputOf } from "@/test/fake-server";
import { guestSession, sessionOf } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { findToast, toasts } from "@/test/toasts";
import { ProfilePage } from "./profile-page";

/** What /profile reads as it opens: the bio, the safety settings and the block list. */
function answerProfileReads(blocked: OutputOf<"safety.listBlocked">["users"] = []) {
  server.answer("user.getBio", () => ({ bio: "Hello there" }));
  server.answer("safety.getSettings", () => ({ strangerLinksOnTap: false }));
  server.answer("safety.listBlocked", () => ({ users: blocked, nextCursor: null }));
}

async function renderProfile(session = sessionOf({ name: "Ada" })) {
  answerProfileReads();
  const view = await renderWithProviders(<ProfilePage session={session} />);
  await screen.findByLabelText("Name");
  return view;
}

test("a blank name shows the spec's text and saves nothing", async () => {
  const { user } = await renderProfile();
  await user.clear(screen.getByLabelText("Name"));
  await user.type(screen.getByLabelText("Name"), "   ");
  await user.click(screen.getByRole("button", { name: "Save profile" }));
  expect(await screen.findByText(VALIDATION.nameRequired)).toBeVisible();
  expect(server.inputsOf("user.updateProfile")).toEqual([]);
});

test("a name with control characters is refused by the form and kept as typed", async () => {
  const { user } = await renderProfile();
  const name = screen.getByLabelText("Name");
  await user.clear(name);
  await user.click(name);
  await user.paste("Ada\u0007");
  await user.click(screen.getByRole("button", { name: "Save profile" }));
  expect(await screen.findByText(VALIDATION.nameInvalidCharacters)).toBeVisible();
  expect(name).toHaveValue("Ada\u0007");
  expect(server.inputsOf("user.updateProfile")).toEqual([]);
});

test("Save is disabled while saving, then the spec's toast confirms", async () => {
  const saved = deferred<OutputOf<"user.updateProfile">>();
  server.answer("user.updateProfile", () => saved.promise);
  const { user } = await renderProfile();
  await user.type(screen.getByLabelText("Bio"), "!");
  const save = screen.getByRole("button", { name: "Save profile" });
  await user.click(save);
  expect(save).toBeDisabled();
  saved.resolve({ name: "Ada", bio: "Hello there!" });
  expect(await findToast(TOAST.profileUpdated)).toBeInTheDocument();
  // It spins on while the session is read again (SPEC §4), then frees.
  await waitFor(() => expect(save).toBeEnabled());
  expect(server.inputsOf("user.updateProfile")).toEqual([{ name: "Ada", bio: "Hello there!" }]);
});

test("a profile the server refuses shows its message as a toast", async () => {
  server.refuse("user.updateProfile", {
    status: 400,
    code: "BAD_REQUEST",
    message: VALIDATION.imageNotAllowed,
  });
  const { user } = await renderProfile();
  await user.click(screen.getByRole("button", { name: "Save profile" }));
  expect(await findToast(VALIDATION.imageNotAllowed)).toBeInTheDocument();
  expect(toasts().queryByText(TOAST.profileUpdated)).not.toBeInTheDocument();
});

test("a new password too short is refused before anything is sent", async () => {
  const { user } = await renderProfile();
  await user.type(screen.getByLabelText("Current password"), "password123");
  await user.type(screen.getByLabelText("New password"), "short");
  await user.type(screen.getByLabelText("Confirm new password"), "other");
  await user.click(screen.getByRole("button", { name: "Change password" }));
  await waitFor(() =>
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
      VALIDATION.passwordMin,
    ),
  );
  expect(screen.getByLabelText("Current password")).not.toHaveAttribute("aria-invalid");
  expect(server.authBodiesOf("change-password")).toEqual([]);
});

test("a wrong current password is refused with the server's message as a toast", async () => {
  server.answerAuth("change-password", () => ({
    status: 400,
    body: { code: "INVALID_PASSWORD", message: "Invalid password" },
  }));
  const { user } = await renderProfile();
  await user.type(screen.getByLabelText("Current password"), "not-my-password");
  await user.type(screen.getByLabelText("New password"), "password456");
  await user.type(screen.getByLabelText("Confirm new password"), "password456");
  await user.click(screen.getByRole("button", { name: "Change password" }));
  expect(await findToast("Invalid password")).toBeInTheDocument();
  expect(toasts().queryByText(TOAST.passwordChanged)).not.toBeInTheDocument();
});

test("nobody blocked: the card says so", async () => {
  await renderProfile();
  expect(await screen.findByText(SAFETY_TEXT.noBlockedUsers)).toBeVisible();
});

test("a safety setting shows at once, is locked while saving, and goes back if refused", async () => {
  const gate = deferred<void>();
  server.answer("safety.updateSettings", async () => {
    await gate.promise;
    throw refusal({ status: 429, message: PERMISSION.rateLimited });
  });
  const { user } = await renderProfile();
  const toggle = await screen.findByRole("switch", { name: SAFETY_TEXT.linksOnTapLabel });
  expect(toggle).not.toBeChecked();
  await user.click(toggle);
  expect(toggle).toBeChecked();
  expect(toggle).toBeDisabled();

  gate.resolve();
  expect(await findToast(PERMISSION.rateLimited)).toBeInTheDocument();
  expect(toggle).not.toBeChecked();
  expect(toggle).toBeEnabled();
});

test("guests are offered to link an account and have no password form", async () => {
  const { user } = await renderProfile(guestSession());
  expect(screen.getByText(TEXT.linkAccountCardBody)).toBeVisible();
  expect(screen.getByRole("link", { name: TEXT.linkWithEmail })).toHaveAttribute(
    "href",
    "/sign-up",
  );
  expect(screen.queryByRole("button", { name: "Change password" })).not.toBeInTheDocument();
  // No provider configured (the page carries no public config): the button says so.
  expect(
    screen.getByText("Google and Facebook sign-in are not configured on this server."),
  ).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Google" }));
  expect(await findToast(TOAST.providerNotConfigured("Google"))).toBeInTheDocument();
  expect(server.authBodiesOf("sign-in/social")).toEqual([]);
});
