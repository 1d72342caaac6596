import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { blogsQueryOptions } from "@/features/blog/api";
import { BlogListPage, BlogListSkeleton } from "@/features/blog/components/blog-list-page";

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute("/blogs/")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(blogsQueryOptions(deps.page)),
  pendingComponent: BlogListSkeleton,
  component: BlogListRoute,
});

function BlogListRoute() {
  const { page } = Route.useLoaderDeps();
  return <BlogListPage page={page} />;
}
