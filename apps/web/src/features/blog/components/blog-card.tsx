import { Link } from "@tanstack/react-router";
import { ArrowRight, Newspaper } from "lucide-react";
import { blogImageSrcSet, type BlogSummary } from "@chatsphere/contract";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { useDateFormats } from "@/lib/format-date";
import { DeleteBlogButton } from "./delete-blog-button";

interface BlogCardProps {
  blog: BlogSummary;
  /** The newest post of the first page, laid out wide on large screens. */
  featured?: boolean;
  canDelete: boolean;
}

export function BlogCard({ blog, featured = false, canDelete }: BlogCardProps) {
  const formatDate = useDateFormats();
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-lg hover:shadow-primary/5",
        featured && "md:col-span-2 lg:col-span-3 md:flex-row",
      )}
    >
      <Link
        to="/blogs/$slug"
        params={{ slug: blog.slug }}
        className={cn("flex flex-1 flex-col", featured && "md:flex-row")}
      >
        <BlogCover blog={blog} featured={featured} />
        <div
          className={cn("flex flex-1 flex-col gap-3 p-5", featured && "md:justify-center md:p-8")}
        >
          <div className="flex items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="secondary">{blog.category.name}</Badge>
            <time dateTime={blog.updatedAt.toISOString()}>{formatDate.short(blog.updatedAt)}</time>
          </div>
          <h2
            className={cn(
              "line-clamp-2 text-lg font-semibold tracking-tight text-balance group-hover:text-primary",
              featured && "md:text-3xl",
            )}
          >
            {blog.title}
          </h2>
          <p
            className={cn(
              "line-clamp-3 text-sm text-muted-foreground",
              featured && "md:line-clamp-4 md:text-base",
            )}
          >
            {blog.summary}
          </p>
          <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-primary">
            Read more
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
          </span>
        </div>
      </Link>
      {canDelete ? (
        <DeleteBlogButton id={blog.id} title={blog.title} className="absolute top-3 right-3" />
      ) : null}
    </article>
  );
}

/**
 * How wide the cover is shown (the grid of blog-list-page.tsx: max-w-6xl, gap-6; one column,
 * two from md, three from lg; the featured card's image is half of the whole row from md), so
 * the browser picks the smallest of the image's widths that is sharp on the screen.
 */
const COVER_SIZES = {
  card: [
    "(min-width: 1200px) 352px",
    "(min-width: 1024px) calc(33vw - 32px)",
    "(min-width: 768px) calc(50vw - 36px)",
    "calc(100vw - 32px)",
  ].join(", "),
  featured: [
    "(min-width: 1200px) 552px",
    "(min-width: 768px) calc(50vw - 24px)",
    "calc(100vw - 32px)",
  ].join(", "),
};

function BlogCover({ blog, featured }: { blog: BlogSummary; featured: boolean }) {
  const frame = cn(
    "relative aspect-[16/9] w-full overflow-hidden bg-muted",
    featured && "md:aspect-auto md:min-h-72 md:w-1/2 md:shrink-0",
  );
  if (blog.imageUrl) {
    const srcSet = blogImageSrcSet(blog.imageUrl);
    return (
      <div className={frame}>
        <img
          src={blog.imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? COVER_SIZES[featured ? "featured" : "card"] : undefined}
          width={1600}
          height={900}
          alt=""
          loading={featured ? "eager" : "lazy"}
          fetchPriority={featured ? "high" : "auto"}
          decoding="async"
          className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </div>
    );
  }
  // No image: a quiet panel with the category, so the grid keeps its rhythm.
  return (
    <div
      className={cn(
        frame,
        "flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-secondary via-accent/70 to-secondary",
      )}
      aria-hidden
    >
      <Newspaper className="size-9 text-primary/50" />
      <span className="text-gradient px-6 text-center text-xl font-bold tracking-tight">
        {blog.category.name}
      </span>
    </div>
  );
}
