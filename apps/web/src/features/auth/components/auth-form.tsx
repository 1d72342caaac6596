import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { AuthCard, AuthCardLink, type AuthCardLinkProps } from "./auth-card";
import { authControl, type AuthField } from "./auth-fields";

/** Thrown by a submit whose failure belongs under one field (shown there, not in a toast). */
export class AuthFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface AuthFormProps<T extends FieldValues> {
  title: string;
  description: ReactNode;
  /** The way to the neighbouring account page, under the form. */
  footer?: AuthCardLinkProps;
  /** The shared contract schema: the same rules and texts the server checks. */
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  fields: readonly AuthField<Path<T>>[];
  submitLabel: string;
  submitClassName?: string;
  /** The form's own call; a thrown error's message is what the user reads. */
  submit: (values: T) => Promise<unknown>;
  successToast: string;
  /** When set, the failure toast reads this and the error's message becomes its description. */
  failureToast?: string;
  /** Runs after the success toast, while the button still spins (refresh, redirect). */
  onSuccess?: () => Promise<void>;
  onError?: (error: Error) => Promise<void>;
  /** Replaces the form once the submit succeeded (for forms that stay on the page). */
  successView?: ReactNode;
  /** Below the form, inside the card. */
  children?: ReactNode;
}

/** The card, fields, submit button and toasts every account form shares. */
export function AuthForm<T extends FieldValues>({
  schema,
  defaultValues,
  fields,
  submit,
  successToast,
  failureToast,
  onSuccess,
  onError,
  ...view
}: AuthFormProps<T>) {
  const form = useForm<T>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues });
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async () => {
      toast.success(successToast);
      await onSuccess?.();
    },
    onError: async (error) => {
      const field = fields.find((f) => error instanceof AuthFieldError && error.field === f.name);
      if (field) {
        form.setError(field.name, { message: error.message });
        return;
      }
      if (failureToast) toast.error(failureToast, { description: error.message });
      else toast.error(error.message);
      await onError?.(error);
    },
  });

  return (
    <AuthCard
      title={view.title}
      description={view.description}
      footer={view.footer ? <AuthCardLink {...view.footer} /> : null}
    >
      {mutation.isSuccess && view.successView ? (
        view.successView
      ) : (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((v) => mutation.mutate(v))}
        >
          {fields.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              error={form.getFieldState(field.name, form.formState).error?.message}
              labelAction={field.labelAction}
            >
              {authControl(field, form.register(field.name))}
            </FormField>
          ))}
          <Button type="submit" pending={mutation.isPending} className={view.submitClassName}>
            {view.submitLabel}
          </Button>
        </form>
      )}
      {view.children}
    </AuthCard>
  );
}
