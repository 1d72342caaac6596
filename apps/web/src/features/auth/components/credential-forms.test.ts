import { describe, expect, it } from "vitest";
import { VALIDATION } from "@chatsphere/contract";
import { logInForm, signUpForm } from "./credential-forms";

const sorted = (keys: string[]) => [...keys].sort();

const forms = [
  ["log-in", logInForm("you@example.com"), [VALIDATION.invalidEmail, VALIDATION.passwordMin]],
  [
    "sign-up",
    signUpForm("you@example.com"),
    [VALIDATION.invalidEmail, VALIDATION.passwordMin, VALIDATION.confirmPassword],
  ],
] as const;

describe("credential forms", () => {
  it.each(forms)(
    "%s shows a field for every schema key, so no error lands on a field nobody sees",
    (_, form) => {
      const keys = sorted(Object.keys(form.schema.shape));
      expect(sorted(form.fields.map((field) => field.name))).toEqual(keys);
      expect(sorted(Object.keys(form.defaultValues))).toEqual(keys);
    },
  );

  it.each(forms)(
    "an untouched %s form is refused with the spec's texts, not zod's defaults",
    (_, form, messages) => {
      const result = form.schema.safeParse(form.defaultValues);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(messages);
    },
  );
});
