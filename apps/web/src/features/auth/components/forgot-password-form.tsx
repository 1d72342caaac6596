import { MailCheck } from "lucide-react";
import {
  forgotPasswordSchema,
  TOAST,
  VALIDATION,
  type ForgotPasswordInput,
} from "@chatsphere/contract";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { rpc } from "@/lib/rpc";
import { emailField } from "./auth-fields";
import { AuthForm, AuthFieldError } from "./auth-form";

const fields = [emailField("you@example.com")];

async function sendResetLink({ email }: ForgotPasswordInput) {
  const { exists } = await rpc.user.checkEmailExists({ email });
  // An unknown address is the user's typo to fix, so it is said under the field.
  if (!exists) throw new AuthFieldError("email", VALIDATION.noAccountForEmail);
  const { error } = await authClient.requestPasswordReset({
    email,
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw new Error(authErrorMessage(error));
}

const linkSent = (
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
);

export function ForgotPasswordForm() {
  return (
    <AuthForm
      title="Forgot your password?"
      description="Enter your account's e-mail and we will send you a link to choose a new one."
      footer={{ to: "/log-in", label: "Back to log in" }}
      schema={forgotPasswordSchema}
      defaultValues={{ email: "" }}
      fields={fields}
      submitLabel="Send reset link"
      submit={sendResetLink}
      successToast={TOAST.resetLinkSent}
      failureToast={TOAST.resetEmailFailed}
      successView={linkSent}
    />
  );
}
