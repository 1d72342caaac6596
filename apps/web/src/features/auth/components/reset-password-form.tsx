import { Link, useNavigate } from "@tanstack/react-router";
import { resetPasswordSchema, TEXT, TOAST } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { authClient } from "@/lib/auth-client";
import { AuthCard } from "./auth-card";
import { type AuthField } from "./auth-fields";
import { AuthForm } from "./auth-form";

export function InvalidResetLink() {
  return (
    <AuthCard title={TEXT.invalidLinkTitle} description={TEXT.invalidLinkBody}>
      <Button asChild>
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </AuthCard>
  );
}

const fields = [
  { name: "password", label: "New password", kind: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", kind: "new-password" },
] as const satisfies readonly AuthField[];

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  return (
    <AuthForm
      title="Choose a new password"
      description="Use at least 8 characters."
      schema={resetPasswordSchema}
      defaultValues={{ password: "", confirmPassword: "" }}
      fields={fields}
      submitLabel="Reset password"
      submit={async ({ password }) => {
        const { error } = await authClient.resetPassword({ newPassword: password, token });
        if (!error) return;
        if (error.code === "INVALID_TOKEN") throw new Error(TOAST.invalidResetToken);
        throw new Error(TOAST.resetFailed);
      }}
      successToast={TOAST.passwordReset}
      onSuccess={async () => {
        await navigate({ to: "/log-in" });
      }}
    />
  );
}
