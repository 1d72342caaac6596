import { useNavigate } from "@tanstack/react-router";
import { TEXT, TOAST } from "@chatsphere/contract";
import { rpc } from "@/lib/rpc";
import { AuthForm } from "./auth-form";
import { signUpForm } from "./credential-forms";

const form = signUpForm("admin@example.com");

/**
 * Creates an admin through the RPC rather than better-auth's sign-up: the server decides
 * whether this caller may (the first admin, or an admin adding another), and no session starts.
 */
export function AdminSignUpForm() {
  const navigate = useNavigate();
  return (
    <AuthForm
      {...form}
      title={TEXT.newAdminAccount}
      description="The first admin can register here. After that, only a signed-in admin can add another."
      footer={{ prompt: "Already an admin?", to: "/admin/log-in", label: TEXT.adminLogIn }}
      submitLabel="Create admin account"
      submit={(input) => rpc.admin.signUp(input)}
      successToast={TOAST.adminCreated}
      failureToast={TOAST.adminCreationFailed}
      onSuccess={async () => {
        await navigate({ to: "/admin/log-in" });
      }}
    />
  );
}
