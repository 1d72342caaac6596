import { createFileRoute } from "@tanstack/react-router";
import { optionalString } from "@/lib/search-params";
import {
  InvalidResetLink,
  ResetPasswordForm,
} from "@/features/auth/components/reset-password-form";

interface ResetSearch {
  token?: string;
}

export const Route = createFileRoute("/reset-password")({
  // A missing, empty or non-string token all mean "no valid link".
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    token: optionalString(search.token),
  }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />;
}
