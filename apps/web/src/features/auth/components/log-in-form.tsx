import { Link } from "@tanstack/react-router";
import { TEXT, TOAST } from "@chatsphere/contract";
import { OrDivider, SocialButtons } from "@/components/social-buttons";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { AuthForm } from "./auth-form";
import { logInForm } from "./credential-forms";
import { useEnterSession } from "./use-enter-session";

const form = logInForm(
  "you@example.com",
  <Link to="/forgot-password" className="text-xs font-medium text-primary hover:underline">
    Forgot password?
  </Link>,
);

export function LogInForm() {
  const enterChat = useEnterSession("/chat");
  return (
    <AuthForm
      {...form}
      title="Welcome back"
      description="Log in to pick up your conversations."
      footer={{ prompt: "New here?", to: "/sign-up", label: "Create an account" }}
      submitLabel={TEXT.logIn}
      submit={async (input) => {
        const { error } = await authClient.signIn.email(input);
        if (error) throw new Error(authErrorMessage(error));
      }}
      successToast={TOAST.logInSuccess}
      onSuccess={enterChat}
    >
      <OrDivider />
      <SocialButtons />
    </AuthForm>
  );
}
