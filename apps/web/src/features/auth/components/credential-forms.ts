import type { ReactNode } from "react";
import { logInSchema, signUpSchema } from "@chatsphere/contract";
import type { AuthField } from "./auth-fields";
import { emailField } from "./auth-fields";

/**
 * The e-mail and password forms, shared by the user and the admin pages: the contract schema,
 * its empty values and its fields. Only the e-mail placeholder tells the two audiences apart.
 * Their submit button sits a little lower than on the one-purpose password forms.
 */
const credentialLayout = { submitClassName: "mt-2" };

export const logInForm = (placeholder: string, passwordAction?: ReactNode) => ({
  ...credentialLayout,
  schema: logInSchema,
  defaultValues: { email: "", password: "" },
  fields: [
    emailField(placeholder),
    {
      name: "password",
      label: "Password",
      kind: "current-password",
      labelAction: passwordAction,
    },
  ] as const satisfies readonly AuthField[],
});

export const signUpForm = (placeholder: string) => ({
  ...credentialLayout,
  schema: signUpSchema,
  defaultValues: { email: "", password: "", confirmPassword: "" },
  fields: [
    emailField(placeholder),
    { name: "password", label: "Password", kind: "new-password" },
    { name: "confirmPassword", label: "Confirm password", kind: "new-password" },
  ] as const satisfies readonly AuthField[],
});
