import { createFileRoute } from "@tanstack/react-router";
import { blogsQueryOptions } from "@/features/blog/api";
import { optionalInt } from "@/lib/search-params";
import { BlogListPage, BlogListSkeleton } from "@/features/blog/components/blog-list-page";

interface BlogListSearch {
  page?: number;
}

export const Route = createFileRoute("/blogs/")({
  validateSearch: (search: Record<string, unknown>): BlogListSearch => ({
    page: optionalInt(search.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(blogsQueryOptions(deps.page)),
  pendingComponent: BlogListSkeleton,
  component: BlogListRoute,
});

function BlogListRoute() {
  const { page } = Route.useLoaderDeps();
  return <BlogListPage page={page} />;
}
