import { useInfiniteQuery } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { UserAvatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { useDateFormats } from "@/lib/format-date";
import { commentsInfiniteOptions } from "../api";
import { CommentForm } from "./comment-form";

/** Approved comments, newest first, 10 at a time, and the form to add one (SPEC §2). */
export function CommentsSection({ blogId }: { blogId: string }) {
  const query = useInfiniteQuery(commentsInfiniteOptions(blogId));
  const comments = query.data?.pages.flatMap((page) => page.comments) ?? [];
  const formatDate = useDateFormats();
  return (
    <section aria-labelledby="comments-heading" className="grid gap-6">
      <h2
        id="comments-heading"
        className="flex items-center gap-2 text-2xl font-bold tracking-tight"
      >
        <MessageCircle className="size-6 text-primary" aria-hidden /> {CONTENT_TEXT.comments}
      </h2>
      <CommentForm blogId={blogId} />
      {query.isPending ? (
        <CommentsSkeleton />
      ) : comments.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          {CONTENT_TEXT.noComments}
        </p>
      ) : (
        <ol className="grid gap-5">
          {comments.map((comment) => (
            <li key={comment.id} className="flex gap-3">
              <UserAvatar name={comment.author.name} image={comment.author.image} />
              <div className="min-w-0 flex-1 rounded-xl bg-muted/60 px-4 py-3">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold">{comment.author.name}</span>
                  <time
                    dateTime={comment.createdAt.toISOString()}
                    className="text-xs text-muted-foreground"
                  >
                    {formatDate.long(comment.createdAt)}
                  </time>
                </div>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap">{comment.text}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton query={query} label={CONTENT_TEXT.loadMoreComments} />
    </section>
  );
}

function CommentsSkeleton() {
  return (
    <div className="grid gap-5" aria-busy>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-16 flex-1 rounded-xl" />
        </div>
      ))}
    </div>
  );
}
