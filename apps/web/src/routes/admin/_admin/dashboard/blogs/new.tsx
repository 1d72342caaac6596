import { createFileRoute } from "@tanstack/react-router";
import { categoriesQueryOptions, tagsQueryOptions } from "@/features/admin/api";
import { NewBlogPage } from "@/features/admin/editor/new-blog-page";

export const Route = createFileRoute("/admin/_admin/dashboard/blogs/new")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(categoriesQueryOptions()),
      context.queryClient.ensureQueryData(tagsQueryOptions()),
    ]),
  component: NewBlogPage,
});
