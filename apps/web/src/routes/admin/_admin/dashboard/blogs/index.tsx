import { createFileRoute } from "@tanstack/react-router";
import { AdminBlogsPage } from "@/features/admin/blogs-page";

/** SPEC §2: a 'New Blog' link; the list itself is not shown here. */
export const Route = createFileRoute("/admin/_admin/dashboard/blogs/")({
  component: AdminBlogsPage,
});
