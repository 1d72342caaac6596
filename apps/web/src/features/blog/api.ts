import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { BLOG_PAGE_SIZE, COMMENT_PAGE_SIZE, CONTENT_TOAST } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage, rpcErrorStatus } from "@/lib/rpc-error";

/** One page of the public list: 10 posts, most recently updated first (SPEC §9). */
export const blogsQueryOptions = (page: number) =>
  orpc.blog.listBlogs.queryOptions({
    input: {
      limit: BLOG_PAGE_SIZE,
      offset: (page - 1) * BLOG_PAGE_SIZE,
      sort: { field: "updatedAt", order: "desc" },
    },
  });

/** A post by slug. A 404 is a page state ('Blog not found'), not an error toast. */
export const blogQueryOptions = (slug: string) =>
  orpc.blog.getBlog.queryOptions({
    input: { slug },
    meta: { silent: true },
    retry: (failures, error) => rpcErrorStatus(error) !== 404 && failures < 1,
  });

/** Approved comments, newest first, 10 per page, fetched page by page. */
export const commentsInfiniteOptions = (blogId: string) =>
  orpc.blog.listComments.infiniteOptions({
    input: (offset: number) => ({
      blogId,
      limit: COMMENT_PAGE_SIZE,
      offset,
      sort: { field: "createdAt", order: "desc" },
    }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.length * COMMENT_PAGE_SIZE : undefined,
  });

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc.admin.deleteBlog({ id }),
    onSuccess: async () => {
      toast.success(CONTENT_TOAST.blogDeleted);
      await queryClient.invalidateQueries({ queryKey: orpc.blog.key() });
    },
    onError: () => toast.error(CONTENT_TOAST.blogDeleteFailed),
  });
}

export function useCreateComment(blogId: string, onDone: () => void) {
  return useMutation({
    mutationFn: (text: string) => rpc.blog.createComment({ blogId, text }),
    onSuccess: () => {
      toast.success(CONTENT_TOAST.commentAdded);
      onDone();
    },
    onError: (error) => toast.error(rpcErrorMessage(error, "Could not post your comment.")),
  });
}
