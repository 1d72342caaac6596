import { createFileRoute, redirect } from "@tanstack/react-router";

/** The metrics dashboard comes with its own issue; until then the entry opens the blogs. */
export const Route = createFileRoute("/admin/_admin/dashboard/")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/dashboard/blogs" });
  },
});
