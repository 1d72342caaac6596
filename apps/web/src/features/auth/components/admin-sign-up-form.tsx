import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signUpSchema, TEXT, TOAST, type SignUpInput } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { rpc } from "@/lib/rpc";
import { AuthCard } from "./auth-card";

export function AdminSignUpForm() {
  const navigate = useNavigate();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });
  const create = useMutation({
    mutationFn: (input: SignUpInput) => rpc.admin.signUp(input),
    onSuccess: async () => {
      toast.success(TOAST.adminCreated);
      await navigate({ to: "/admin/log-in" });
    },
    onError: (error) => toast.error(TOAST.adminCreationFailed, { description: error.message }),
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title={TEXT.newAdminAccount}
      description="The first admin can register here. After that, only a signed-in admin can add another."
      footer={
        <>
          Already an admin?{" "}
          <Link to="/admin/log-in" className="font-medium text-primary hover:underline">
            {TEXT.adminLogIn}
          </Link>
        </>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))}>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="admin@example.com"
            {...form.register("email")}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register("confirmPassword")} />
        </FormField>
        <Button type="submit" pending={create.isPending} className="mt-2">
          Create admin account
        </Button>
      </form>
    </AuthCard>
  );
}
