import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, MoreHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { USERS_TEXT, type ListUsersOutput, type UsersSearch } from "@chatsphere/contract";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { pagerItems } from "./pager";

const boxClass = (variant: "ghost" | "outline" | "default") =>
  cn(buttonVariants({ variant, size: "icon-sm" }), "min-w-8 px-2 tabular-nums");

/**
 * Real links (open in a new tab, prefetch on hover) that keep the limit and the filters;
 * up to 5 pages around the current one, the first and the last, previous and next.
 */
export function UsersPager({ search, page }: { search: UsersSearch; page: ListUsersOutput }) {
  const items = pagerItems(search.page, page.totalPages);
  return (
    <nav aria-label={USERS_TEXT.pagination}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <PageLink
            search={search}
            page={search.page - 1}
            enabled={page.hasPreviousPage}
            label={USERS_TEXT.previousPage}
          >
            <ChevronLeft aria-hidden />
          </PageLink>
        </li>
        {items.map((item) =>
          item.kind === "ellipsis" ? (
            <li key={item.key} className="flex size-8 items-center justify-center">
              <MoreHorizontal className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">{USERS_TEXT.morePages}</span>
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to="/admin/dashboard/users"
                search={{ ...search, page: item.page }}
                aria-label={USERS_TEXT.pageLabel(item.page)}
                aria-current={item.page === search.page ? "page" : undefined}
                className={boxClass(item.page === search.page ? "default" : "ghost")}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          <PageLink
            search={search}
            page={search.page + 1}
            enabled={page.hasNextPage}
            label={USERS_TEXT.nextPage}
          >
            <ChevronRight aria-hidden />
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

interface PageLinkProps {
  search: UsersSearch;
  page: number;
  enabled: boolean;
  label: string;
  children: ReactNode;
}

/** An arrow: a link, or at the ends a link that leads nowhere and says so. */
function PageLink({ search, page, enabled, label, children }: PageLinkProps) {
  if (!enabled) {
    return (
      <a
        role="link"
        aria-disabled="true"
        aria-label={label}
        className={cn(boxClass("outline"), "pointer-events-none opacity-50")}
      >
        {children}
      </a>
    );
  }
  return (
    <Link
      to="/admin/dashboard/users"
      search={{ ...search, page }}
      aria-label={label}
      className={boxClass("outline")}
    >
      {children}
    </Link>
  );
}
