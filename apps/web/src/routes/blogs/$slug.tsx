import { createFileRoute } from "@tanstack/react-router";
import { articlePageMeta, BLOG_NOT_FOUND_META } from "@chatsphere/contract";
import { blogQueryOptions, commentsInfiniteOptions } from "@/features/blog/api";
import {
  ArticlePage,
  ArticleSkeleton,
  BlogNotFound,
} from "@/features/blog/components/article-page";
import { rpcErrorStatus } from "@/lib/rpc-error";

export const Route = createFileRoute("/blogs/$slug")({
  loader: async ({ context, params }) => {
    try {
      const blog = await context.queryClient.ensureQueryData(blogQueryOptions(params.slug));
      // Comments load beside the article rather than before it.
      void context.queryClient.prefetchInfiniteQuery(commentsInfiniteOptions(blog.id));
      return { found: true, pageMeta: articlePageMeta(blog.title, blog.summary) };
    } catch (error) {
      if (rpcErrorStatus(error) === 404) return { found: false, pageMeta: BLOG_NOT_FOUND_META };
      throw error;
    }
  },
  pendingComponent: ArticleSkeleton,
  component: ArticleRoute,
});

function ArticleRoute() {
  const { found } = Route.useLoaderData();
  const { slug } = Route.useParams();
  return found ? <ArticlePage slug={slug} /> : <BlogNotFound />;
}
