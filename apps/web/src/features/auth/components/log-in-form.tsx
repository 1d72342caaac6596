import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { logInSchema, TEXT, TOAST, type LogInInput } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { refreshSession } from "@/lib/session/session-query";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { AuthCard } from "./auth-card";
import { OrDivider, SocialButtons } from "@/components/social-buttons";

export function LogInForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<LogInInput>({
    resolver: zodResolver(logInSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "" },
  });
  const logIn = useMutation({
    mutationFn: async (input: LogInInput) => {
      const { error } = await authClient.signIn.email(input);
      if (error) throw new Error(authErrorMessage(error));
    },
    onSuccess: async () => {
      toast.success(TOAST.logInSuccess);
      await refreshSession(queryClient);
      await navigate({ to: "/chat" });
    },
    onError: (error) => toast.error(error.message),
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to pick up your conversations."
      footer={
        <>
          New here?{" "}
          <Link to="/sign-up" className="font-medium text-primary hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => logIn.mutate(v))}>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.register("email")}
          />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          labelAction={
            <Link
              to="/forgot-password"
              className="text-xs font-medium text-primary hover:underline"
            >
              Forgot password?
            </Link>
          }
        >
          <PasswordInput autoComplete="current-password" {...form.register("password")} />
        </FormField>
        <Button type="submit" pending={logIn.isPending} className="mt-2">
          {TEXT.logIn}
        </Button>
      </form>
      <OrDivider />
      <SocialButtons />
    </AuthCard>
  );
}
