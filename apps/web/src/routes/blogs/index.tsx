import { createFileRoute } from "@tanstack/react-router";
import { UnderConstruction } from "@/features/scaffold/under-construction";

export const Route = createFileRoute("/blogs/")({
  component: () => <UnderConstruction title="Blog" />,
});
