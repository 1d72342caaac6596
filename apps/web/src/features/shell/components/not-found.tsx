import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { NOT_FOUND_META, TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { usePageMeta } from "@/lib/page-meta";

export function NotFound() {
  usePageMeta(NOT_FOUND_META);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <div className="rounded-2xl bg-accent p-4 text-primary">
        <Compass className="size-8" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight">{TEXT.notFoundTitle}</h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link to="/">Back to home</Link>
      </Button>
    </section>
  );
}
