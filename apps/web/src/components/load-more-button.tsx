import { Button } from "@/components/ui/button";

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The button under a paged list: shown while there is a next page, pending while it loads. */
export function LoadMoreButton({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      pending={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {label}
    </Button>
  );
}
