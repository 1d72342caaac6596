import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { logInSchema, PERMISSION, TEXT, TOAST, type LogInInput } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { refreshSession } from "@/lib/session/session-query";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { AuthCard } from "./auth-card";

class NotAdminError extends Error {}

export function AdminLogInForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<LogInInput>({
    resolver: zodResolver(logInSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "" },
  });
  const logIn = useMutation({
    mutationFn: async (input: LogInInput) => {
      const { data, error } = await authClient.signIn.email(input);
      if (error) throw new Error(authErrorMessage(error));
      if ((data.user as { role?: string }).role !== "admin") {
        // An account without the admin role must not stay signed in through this door.
        await authClient.signOut();
        throw new NotAdminError(PERMISSION.notAuthorized);
      }
    },
    onSuccess: async () => {
      toast.success(TOAST.signInSuccess);
      await refreshSession(queryClient);
      await navigate({ to: "/admin/dashboard/blogs" });
    },
    onError: async (error) => {
      toast.error(error.message);
      if (error instanceof NotAdminError) await refreshSession(queryClient);
    },
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title={TEXT.adminLogIn}
      description="Administrators only."
      footer={
        <>
          No admin yet?{" "}
          <Link to="/admin/sign-up" className="font-medium text-primary hover:underline">
            {TEXT.newAdminAccount}
          </Link>
        </>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => logIn.mutate(v))}>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="admin@example.com"
            {...form.register("email")}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register("password")} />
        </FormField>
        <Button type="submit" pending={logIn.isPending} className="mt-2">
          {TEXT.logIn}
        </Button>
      </form>
    </AuthCard>
  );
}
