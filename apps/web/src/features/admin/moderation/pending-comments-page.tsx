import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Check, MessageSquareDashed } from "lucide-react";
import { CONTENT_TEXT, type PendingCommentItem } from "@chatsphere/contract";
import { EmptyState } from "@/components/empty-state";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatLongDate } from "@/lib/format-date";
import { pendingCommentsQueryOptions, useApproveComment } from "../api";

/** The moderation queue, oldest first; approving publishes a comment (SPEC §2, §4). */
export function PendingCommentsPage() {
  const query = useQuery(pendingCommentsQueryOptions());
  const comments = query.data?.comments ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2">
          {CONTENT_TEXT.pendingComments}
          {query.data && comments.length > 0 ? (
            <Badge variant="secondary">
              {comments.length}
              {query.data.hasMore ? "+" : ""}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>{CONTENT_TEXT.pendingCommentsSubtitle}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <PendingSkeleton />
        ) : comments.length === 0 ? (
          <EmptyState icon={MessageSquareDashed} title={CONTENT_TEXT.noPendingComments} />
        ) : (
          <ul className="grid divide-y">
            {comments.map((comment) => (
              <PendingComment key={comment.id} comment={comment} />
            ))}
          </ul>
        )}
        {query.data?.hasMore ? (
          <p className="mt-4 text-center text-xs text-muted-foreground">
            {CONTENT_TEXT.oldestPendingShown(comments.length)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PendingComment({ comment }: { comment: PendingCommentItem }) {
  const approve = useApproveComment();
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-3">
        <UserAvatar name={comment.author.name} image={comment.author.image} />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold">{comment.author.name}</span>
            <time dateTime={comment.createdAt.toISOString()} className="text-muted-foreground">
              {formatLongDate(comment.createdAt)}
            </time>
          </div>
          <p className="text-xs text-muted-foreground">
            on{" "}
            <Link
              to="/blogs/$slug"
              params={{ slug: comment.blog.slug }}
              className="font-medium text-primary hover:underline"
            >
              {comment.blog.title}
            </Link>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap">{comment.text}</p>
        </div>
      </div>
      <Button
        size="sm"
        pending={approve.isPending}
        onClick={() => approve.mutate(comment.id)}
        className="self-end sm:self-start"
      >
        {approve.isPending ? null : <Check />}
        {approve.isPending ? CONTENT_TEXT.approving : CONTENT_TEXT.approve}
      </Button>
    </li>
  );
}

function PendingSkeleton() {
  return (
    <div className="grid gap-5" aria-busy>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-full" />
          </div>
          <Skeleton className="h-8 w-24" />
        </div>
      ))}
    </div>
  );
}
