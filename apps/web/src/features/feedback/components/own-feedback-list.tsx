import { useInfiniteQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { EmptyState } from "@/components/empty-state";
import { LoadMoreButton } from "@/components/load-more-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatLocalDateTime } from "@/lib/format-date";
import { ownFeedbacksOptions } from "../api";

export function OwnFeedbackList() {
  const query = useInfiniteQuery(ownFeedbacksOptions());
  const feedbacks = query.data?.pages.flatMap((page) => page.feedbacks) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{CONTENT_TEXT.yourFeedbacks}</CardTitle>
        <CardDescription>{CONTENT_TEXT.yourFeedbacksSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div className="grid gap-3" aria-busy>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : feedbacks.length === 0 ? (
          <EmptyState icon={Inbox} title={CONTENT_TEXT.noOwnFeedbacks} className="py-8" />
        ) : (
          <ul className="grid divide-y">
            {feedbacks.map((feedback) => (
              <li key={feedback.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                <time
                  dateTime={feedback.createdAt.toISOString()}
                  className="text-xs text-muted-foreground"
                >
                  {formatLocalDateTime(feedback.createdAt)}
                </time>
                <p className="text-sm break-words whitespace-pre-wrap">{feedback.message}</p>
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton query={query} label={CONTENT_TEXT.loadMore} />
      </CardContent>
    </Card>
  );
}
