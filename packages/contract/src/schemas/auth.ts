import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../constants";
import { VALIDATION } from "../messages";

/** Shared field schemas: the forms and the server validate with the same rules and texts. */
export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, VALIDATION.invalidEmail)
  .pipe(z.email(VALIDATION.invalidEmail));

export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordMin)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const confirmField = z.string().min(PASSWORD_MIN_LENGTH, VALIDATION.confirmPassword);

export const signUpSchema = z
  .object({ email: emailField, password: passwordField, confirmPassword: confirmField })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const logInSchema = z.object({ email: emailField, password: passwordField });
export type LogInInput = z.infer<typeof logInSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, VALIDATION.currentPasswordRequired),
    newPassword: passwordField,
    confirmPassword: z.string().min(PASSWORD_MIN_LENGTH, VALIDATION.passwordMin),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: VALIDATION.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION.passwordsDontMatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().pipe(z.email(VALIDATION.forgotInvalidEmail)),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The display name a new account gets: the local part of its e-mail (SPEC §7). */
export function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  return local.slice(0, NAME_MAX_LENGTH) || "user";
}
