import { describe, expect, it } from "vitest";
import { VALIDATION } from "../messages";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  logInSchema,
  nameFromEmail,
  resetPasswordSchema,
  signUpSchema,
} from "./auth";
import { profileSchema } from "./user";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe("sign-up schema (SPEC §5)", () => {
  it("accepts a valid sign-up", () => {
    const ok = signUpSchema.safeParse({
      email: "ann@example.com",
      password: "password1",
      confirmPassword: "password1",
    });
    expect(ok.success).toBe(true);
  });

  it("gives the spec's message for each bad field", () => {
    const result = signUpSchema.safeParse({
      email: "nope",
      password: "short",
      confirmPassword: "x",
    });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        VALIDATION.invalidEmail,
        VALIDATION.passwordMin,
        VALIDATION.confirmPassword,
      ]),
    );
  });

  it("says 'Passwords do not match' when they differ", () => {
    const result = signUpSchema.safeParse({
      email: "ann@example.com",
      password: "password1",
      confirmPassword: "password2",
    });
    expect(messages(result)).toEqual([VALIDATION.passwordsDoNotMatch]);
  });
});

describe("other account schemas", () => {
  it("log-in needs a valid e-mail and 8 characters", () => {
    expect(messages(logInSchema.safeParse({ email: "x", password: "1234567" }))).toEqual([
      VALIDATION.invalidEmail,
      VALIDATION.passwordMin,
    ]);
  });

  it("change password compares the new password with its confirmation", () => {
    const result = changePasswordSchema.safeParse({
      currentPassword: "whatever1",
      newPassword: "password1",
      confirmPassword: "password2",
    });
    expect(messages(result)).toEqual([VALIDATION.passwordsDoNotMatch]);
  });

  it("reset password says 'Passwords don't match'", () => {
    const result = resetPasswordSchema.safeParse({
      password: "password1",
      confirmPassword: "nope",
    });
    expect(messages(result)).toEqual([VALIDATION.passwordsDontMatch]);
  });

  it("forgot password has its own e-mail message", () => {
    expect(messages(forgotPasswordSchema.safeParse({ email: "bad" }))).toEqual([
      VALIDATION.forgotInvalidEmail,
    ]);
  });

  it("profile needs a name; whitespace is not a name", () => {
    expect(messages(profileSchema.safeParse({ name: "   ", bio: "" }))).toEqual([
      VALIDATION.nameRequired,
    ]);
  });

  it("derives the display name from the e-mail's local part", () => {
    expect(nameFromEmail("jane.doe@example.com")).toBe("jane.doe");
  });
});
