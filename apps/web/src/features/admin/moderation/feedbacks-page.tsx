import { useInfiniteQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { EmptyState } from "@/components/empty-state";
import { LoadMoreButton } from "@/components/load-more-button";
import { UserAvatar } from "@/components/ui/avatar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatLocalDateTime } from "@/lib/format-date";
import { allFeedbacksOptions } from "../api";

/** Everyone's feedback, newest first: sender (name, else e-mail), local time, message. */
export function FeedbacksPage() {
  const query = useInfiniteQuery(allFeedbacksOptions());
  const feedbacks = query.data?.pages.flatMap((page) => page.feedbacks) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{CONTENT_TEXT.feedbacks}</CardTitle>
        <CardDescription>{CONTENT_TEXT.feedbacksSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div className="grid gap-4" aria-busy>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : feedbacks.length === 0 ? (
          <EmptyState icon={Inbox} title={CONTENT_TEXT.noFeedbacks} />
        ) : (
          <ul className="grid divide-y">
            {feedbacks.map((feedback) => {
              const sender = feedback.user.name || feedback.user.email;
              return (
                <li key={feedback.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
                  <UserAvatar name={sender} />
                  <div className="grid min-w-0 flex-1 gap-1">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold" title={feedback.user.email}>
                        {sender}
                      </span>
                      <time
                        dateTime={feedback.createdAt.toISOString()}
                        className="text-xs text-muted-foreground"
                      >
                        {formatLocalDateTime(feedback.createdAt)}
                      </time>
                    </div>
                    <p className="text-sm break-words whitespace-pre-wrap">{feedback.message}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <LoadMoreButton query={query} label={CONTENT_TEXT.loadMore} />
      </CardContent>
    </Card>
  );
}
