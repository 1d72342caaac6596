import { createFileRoute } from "@tanstack/react-router";
import { SignUpForm } from "@/features/auth/components/sign-up-form";
import { redirectIfRegistered } from "@/lib/session/guards";

export const Route = createFileRoute("/sign-up")({
  beforeLoad: redirectIfRegistered,
  component: SignUpForm,
});
