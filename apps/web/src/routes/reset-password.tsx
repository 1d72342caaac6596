import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import {
  InvalidResetLink,
  ResetPasswordForm,
} from "@/features/auth/components/reset-password-form";

const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute("/reset-password")({
  validateSearch: searchSchema,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />;
}
