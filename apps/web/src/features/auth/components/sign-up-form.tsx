import { nameFromEmail, TEXT, TOAST, type SignUpInput } from "@chatsphere/contract";
import { OrDivider, SocialButtons } from "@/components/social-buttons";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { AuthForm } from "./auth-form";
import { signUpForm } from "./credential-forms";
import { useEnterSession } from "./use-enter-session";

const form = signUpForm("you@example.com");

async function signUp({ email, password }: SignUpInput) {
  const { error } = await authClient.signUp.email({
    email,
    password,
    name: nameFromEmail(email),
  });
  if (error) throw new Error(authErrorMessage(error));
}

export function SignUpForm() {
  const enterChat = useEnterSession("/chat");
  return (
    <AuthForm
      {...form}
      title="Create your account"
      description="Unlock chat rooms, following and direct messages."
      footer={{ prompt: "Already have an account?", to: "/log-in", label: TEXT.logIn }}
      submitLabel={TEXT.signUp}
      submit={signUp}
      successToast={TOAST.signUpSuccess}
      onSuccess={enterChat}
    >
      <OrDivider />
      <SocialButtons />
    </AuthForm>
  );
}
