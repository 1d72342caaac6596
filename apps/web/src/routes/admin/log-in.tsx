import { createFileRoute } from "@tanstack/react-router";
import { AdminLogInForm } from "@/features/auth/components/admin-log-in-form";

export const Route = createFileRoute("/admin/log-in")({ component: AdminLogInForm });
