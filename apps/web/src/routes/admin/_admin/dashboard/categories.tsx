import { createFileRoute } from "@tanstack/react-router";
import { TaxonomyPage } from "@/features/admin/taxonomy/taxonomy-page";

export const Route = createFileRoute("/admin/_admin/dashboard/categories")({
  component: () => <TaxonomyPage kind="category" />,
});
