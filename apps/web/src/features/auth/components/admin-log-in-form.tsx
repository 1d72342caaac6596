import { useQueryClient } from "@tanstack/react-query";
import { PERMISSION, TEXT, TOAST, type LogInInput } from "@chatsphere/contract";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { refreshSession } from "@/lib/session/session-query";
import { AuthForm } from "./auth-form";
import { logInForm } from "./credential-forms";
import { useEnterSession } from "./use-enter-session";

class NotAdminError extends Error {}

const form = logInForm("admin@example.com");

async function logInAsAdmin(input: LogInInput) {
  const { data, error } = await authClient.signIn.email(input);
  if (error) throw new Error(authErrorMessage(error));
  if ((data.user as { role?: string }).role === "admin") return;
  // An account without the admin role must not stay signed in through this door.
  await authClient.signOut();
  throw new NotAdminError(PERMISSION.notAuthorized);
}

export function AdminLogInForm() {
  const queryClient = useQueryClient();
  const enterDashboard = useEnterSession("/admin/dashboard/blogs");
  return (
    <AuthForm
      {...form}
      title={TEXT.adminLogIn}
      description="Administrators only."
      footer={{ prompt: "No admin yet?", to: "/admin/sign-up", label: TEXT.newAdminAccount }}
      submitLabel={TEXT.logIn}
      submit={logInAsAdmin}
      successToast={TOAST.signInSuccess}
      onSuccess={enterDashboard}
      onError={async (error) => {
        // The sign-out above ended a session the header may already show.
        if (error instanceof NotAdminError) await refreshSession(queryClient);
      }}
    />
  );
}
