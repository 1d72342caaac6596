import { createFileRoute } from "@tanstack/react-router";
import { LogInForm } from "@/features/auth/components/log-in-form";
import { redirectIfRegistered } from "@/lib/session/guards";

export const Route = createFileRoute("/log-in")({
  beforeLoad: redirectIfRegistered,
  component: LogInForm,
});
