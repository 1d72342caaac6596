import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  forgotPasswordSchema,
  TOAST,
  VALIDATION,
  type ForgotPasswordInput,
} from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { rpc } from "@/lib/rpc";
import { AuthCard } from "./auth-card";

class NoAccountError extends Error {}

export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onTouched",
    defaultValues: { email: "" },
  });
  const send = useMutation({
    mutationFn: async ({ email }: ForgotPasswordInput) => {
      const { exists } = await rpc.user.checkEmailExists({ email });
      if (!exists) throw new NoAccountError(VALIDATION.noAccountForEmail);
      const { error } = await authClient.requestPasswordReset({
        email,
        redirectTo: `${window.location.origin}/reset-password`,
      });
      if (error) throw new Error(authErrorMessage(error));
    },
    onSuccess: () => toast.success(TOAST.resetLinkSent),
    onError: (error) => {
      if (error instanceof NoAccountError) {
        form.setError("email", { message: error.message });
        return;
      }
      toast.error(TOAST.resetEmailFailed, { description: error.message });
    },
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your account's e-mail and we will send you a link to choose a new one."
      footer={
        <Link to="/log-in" className="font-medium text-primary hover:underline">
          Back to log in
        </Link>
      }
    >
      {send.isSuccess ? (
        <div
          role="status"
          className="grid justify-items-center gap-3 rounded-xl bg-accent p-6 text-center"
        >
          <MailCheck className="size-8 text-primary" />
          <p className="font-medium">{TOAST.resetLinkSent}</p>
          <p className="text-sm text-muted-foreground">
            The link works for one hour. Check your spam folder if it does not arrive.
          </p>
        </div>
      ) : (
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
          <FormField label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...form.register("email")}
            />
          </FormField>
          <Button type="submit" pending={send.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
