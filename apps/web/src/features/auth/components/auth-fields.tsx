import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";

/**
 * What a field asks for. It picks the control and the autocomplete hint, so password managers
 * offer the saved password on the log-in forms and a fresh one where a password is chosen.
 */
export type AuthFieldKind = "email" | "current-password" | "new-password";

/** One field of an auth form; `Name` ties it to a key of the form's schema. */
export interface AuthField<Name extends string = string> {
  readonly name: Name;
  readonly label: string;
  readonly kind: AuthFieldKind;
  readonly placeholder?: string;
  /** Sits beside the label (the log-in form's "Forgot password?" link). */
  readonly labelAction?: ReactNode;
}

export const emailField = (placeholder: string): AuthField<"email"> => ({
  name: "email",
  label: "Email",
  kind: "email",
  placeholder,
});

/**
 * The control for a field. A plain element, not a component: FormField clones its child to
 * give the input its id and aria attributes, and a wrapper component would swallow them.
 */
export function authControl(field: AuthField, registration: UseFormRegisterReturn) {
  if (field.kind === "email") {
    return (
      <Input type="email" autoComplete="email" placeholder={field.placeholder} {...registration} />
    );
  }
  return <PasswordInput autoComplete={field.kind} {...registration} />;
}
