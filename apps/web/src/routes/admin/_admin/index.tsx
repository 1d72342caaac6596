import { createFileRoute, redirect } from "@tanstack/react-router";

/** /admin opens the dashboard's index. */
export const Route = createFileRoute("/admin/_admin/")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/dashboard" });
  },
});
