import { createFileRoute } from "@tanstack/react-router";
import { AdminShell } from "@/features/admin/shell/admin-shell";
import { requireAdmin } from "@/lib/session/guards";

/** The guarded admin area: any role but admin is sent to / (SPEC §2). */
export const Route = createFileRoute("/admin/_admin")({
  beforeLoad: requireAdmin,
  component: AdminShell,
});
