import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { AdSlot } from "@/components/ad-slot";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isAdmin } from "@/lib/session/session-query";
import { useSession } from "@/lib/session/use-session";
import { blogsQueryOptions } from "../api";
import { BlogCard } from "./blog-card";

/** The skeleton leaves out the ad: the slot is requested once, by the page that stays. */
function BlogListLayout({ children, withAd = false }: { children: ReactNode; withAd?: boolean }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6">
      <header className="grid gap-3 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          <span className="text-gradient">{CONTENT_TEXT.blogHeading}</span>
        </h1>
        <p className="mx-auto max-w-xl text-muted-foreground">{CONTENT_TEXT.blogSubtitle}</p>
      </header>
      {children}
      {withAd ? <AdSlot className="px-0 sm:px-0" /> : null}
    </div>
  );
}

/** The public blog: a grid of posts, newest first, with links to older pages (SPEC §2). */
export function BlogListPage({ page }: { page: number }) {
  const { data } = useSuspenseQuery(blogsQueryOptions(page));
  const { data: session } = useSession();
  const canDelete = isAdmin(session);

  if (data.blogs.length === 0) {
    return (
      <BlogListLayout withAd>
        {page === 1 ? (
          <EmptyState
            icon={Newspaper}
            title={CONTENT_TEXT.noBlogPosts}
            hint={CONTENT_TEXT.noBlogPostsHint}
          />
        ) : (
          <EmptyState icon={Newspaper} title={CONTENT_TEXT.noOlderPosts}>
            <Button asChild variant="outline">
              <Link to="/blogs">{CONTENT_TEXT.backToBlogs}</Link>
            </Button>
          </EmptyState>
        )}
      </BlogListLayout>
    );
  }

  return (
    <BlogListLayout withAd>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {data.blogs.map((blog, index) => (
          <BlogCard
            key={blog.id}
            blog={blog}
            featured={page === 1 && index === 0}
            canDelete={canDelete}
          />
        ))}
      </div>
      <Pager page={page} hasMore={data.hasMore} />
    </BlogListLayout>
  );
}

function Pager({ page, hasMore }: { page: number; hasMore: boolean }) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label="Blog pages" className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to="/blogs" search={page === 2 ? {} : { page: page - 1 }}>
            <ChevronLeft /> {CONTENT_TEXT.newerPosts}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">Page {page}</span>
      {hasMore ? (
        <Button asChild variant="outline">
          <Link to="/blogs" search={{ page: page + 1 }}>
            {CONTENT_TEXT.olderPosts} <ChevronRight />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Shown while a page of posts loads. */
export function BlogListSkeleton() {
  return (
    <BlogListLayout>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-2xl border bg-card">
            <Skeleton className="aspect-[16/9] rounded-none" />
            <div className="grid gap-3 p-5">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-6 w-4/5" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
        ))}
      </div>
    </BlogListLayout>
  );
}
