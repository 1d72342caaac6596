import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, FileQuestion, Tag } from "lucide-react";
import { blogImageSrcSet, CONTENT_TEXT } from "@chatsphere/contract";
import { AdSlot } from "@/components/ad-slot";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { useDateFormats } from "@/lib/format-date";
import { blogQueryOptions } from "../api";
import { CommentsSection } from "./comments-section";

function BackToBlogs() {
  return (
    <Link
      to="/blogs"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
    >
      <ArrowLeft className="size-4" /> {CONTENT_TEXT.backToBlogs}
    </Link>
  );
}

/** A published post: title, category, image, body, tags and its comments (SPEC §2). */
export function ArticlePage({ slug }: { slug: string }) {
  const { data: blog } = useSuspenseQuery(blogQueryOptions(slug));
  const formatDate = useDateFormats();
  return (
    <>
      <article className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
        <BackToBlogs />
        <header className="grid gap-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
            <Badge variant="secondary">{blog.category.name}</Badge>
            <time dateTime={blog.updatedAt.toISOString()}>{formatDate.long(blog.updatedAt)}</time>
            <span aria-hidden>·</span>
            <span>By {blog.author.name}</span>
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {blog.title}
          </h1>
        </header>
        {blog.imageUrl ? (
          <img
            src={blog.imageUrl}
            srcSet={blogImageSrcSet(blog.imageUrl)}
            // The article's column: max-w-3xl less its padding.
            sizes="(min-width: 768px) 720px, calc(100vw - 32px)"
            width={1600}
            height={900}
            alt=""
            fetchPriority="high"
            className="aspect-[16/9] w-full rounded-2xl border object-cover shadow-sm"
          />
        ) : null}
        {blog.tldr ? (
          <aside className="rounded-xl border-l-4 border-primary bg-secondary/60 px-5 py-4">
            <p className="text-xs font-semibold tracking-wider text-primary uppercase">
              {CONTENT_TEXT.tldr}
            </p>
            <p className="mt-1 text-secondary-foreground">{blog.tldr}</p>
          </aside>
        ) : null}
        {/* The body was sanitized on the server against the editor's allow-list before it was
          stored (no scripts, handlers, styles or URLs), and the CSP forbids inline script. */}
        <div className="prose-blog" dangerouslySetInnerHTML={{ __html: blog.body }} />
        {blog.tags.length > 0 ? (
          <section aria-label={CONTENT_TEXT.tags} className="flex flex-wrap items-center gap-2">
            <Tag className="size-4 text-muted-foreground" aria-hidden />
            {blog.tags.map((tag) => (
              <Badge key={tag.id} variant="outline" className="px-3 py-1 font-medium">
                #{tag.name}
              </Badge>
            ))}
          </section>
        ) : null}
        <Separator />
        <CommentsSection blogId={blog.id} />
      </article>
      <AdSlot className="max-w-3xl pb-10" />
    </>
  );
}

export function BlogNotFound() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <div className="rounded-2xl bg-accent p-4 text-primary">
        <FileQuestion className="size-8" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight">{CONTENT_TEXT.blogNotFound}</h1>
      <p className="text-muted-foreground">{CONTENT_TEXT.blogNotFoundHint}</p>
      <Button asChild>
        <Link to="/blogs">
          <ArrowLeft /> {CONTENT_TEXT.backToBlogs}
        </Link>
      </Button>
    </section>
  );
}

export function ArticleSkeleton() {
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6" aria-busy>
      <Skeleton className="h-5 w-32" />
      <div className="grid gap-4">
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-12 w-4/5" />
      </div>
      <Skeleton className="aspect-[16/9] w-full rounded-2xl" />
      <div className="grid gap-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-4" style={{ width: `${92 - ((i * 13) % 30)}%` }} />
        ))}
      </div>
    </div>
  );
}
