import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { resetPasswordSchema, TEXT, TOAST, type ResetPasswordInput } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { authClient } from "@/lib/auth-client";
import { AuthCard } from "./auth-card";

export function InvalidResetLink() {
  return (
    <AuthCard title={TEXT.invalidLinkTitle} description={TEXT.invalidLinkBody}>
      <Button asChild>
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </AuthCard>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: "onTouched",
    defaultValues: { password: "", confirmPassword: "" },
  });
  const reset = useMutation({
    mutationFn: async ({ password }: ResetPasswordInput) => {
      const { error } = await authClient.resetPassword({ newPassword: password, token });
      if (!error) return;
      if (error.code === "INVALID_TOKEN") throw new Error(TOAST.invalidResetToken);
      throw new Error(TOAST.resetFailed);
    },
    onSuccess: async () => {
      toast.success(TOAST.passwordReset);
      await navigate({ to: "/log-in" });
    },
    onError: (error) => toast.error(error.message),
  });
  const { errors } = form.formState;

  return (
    <AuthCard title="Choose a new password" description="Use at least 8 characters.">
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => reset.mutate(v))}>
        <FormField label="New password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("confirmPassword")} />
        </FormField>
        <Button type="submit" pending={reset.isPending}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
