import { createFileRoute } from "@tanstack/react-router";
import { AdminSignUpForm } from "@/features/auth/components/admin-sign-up-form";

export const Route = createFileRoute("/admin/sign-up")({ component: AdminSignUpForm });
