import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { nameFromEmail, signUpSchema, TEXT, TOAST, type SignUpInput } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { refreshSession } from "@/lib/session/session-query";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { AuthCard } from "./auth-card";
import { OrDivider, SocialButtons } from "@/components/social-buttons";

export function SignUpForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });
  const signUp = useMutation({
    mutationFn: async ({ email, password }: SignUpInput) => {
      const { error } = await authClient.signUp.email({
        email,
        password,
        name: nameFromEmail(email),
      });
      if (error) throw new Error(authErrorMessage(error));
    },
    onSuccess: async () => {
      toast.success(TOAST.signUpSuccess);
      await refreshSession(queryClient);
      await navigate({ to: "/chat" });
    },
    onError: (error) => toast.error(error.message),
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Create your account"
      description="Unlock chat rooms, following and direct messages."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/log-in" className="font-medium text-primary hover:underline">
            {TEXT.logIn}
          </Link>
        </>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => signUp.mutate(v))}>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.register("email")}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("confirmPassword")} />
        </FormField>
        <Button type="submit" pending={signUp.isPending} className="mt-2">
          {TEXT.signUp}
        </Button>
      </form>
      <OrDivider />
      <SocialButtons />
    </AuthCard>
  );
}
