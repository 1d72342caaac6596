import { createFileRoute } from "@tanstack/react-router";
import { UnderConstruction } from "@/features/scaffold/under-construction";

export const Route = createFileRoute("/admin/_admin/dashboard/blogs/new")({
  component: () => <UnderConstruction title="New blog" />,
});
