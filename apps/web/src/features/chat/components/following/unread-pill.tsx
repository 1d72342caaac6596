import { cn } from "@/lib/cn";
import { unreadTabBadge } from "../../following/unread-summary";

/**
 * An unread count: the number for the eye (capped at 99+), the whole sentence for screen
 * readers ("3 unread messages"); nothing at all at 0.
 */
export function UnreadPill({ count, className }: { count: number; className?: string }) {
  const badge = unreadTabBadge(count);
  if (!badge) return null;
  return (
    <span
      className={cn(
        "min-w-5 shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-center text-[0.7rem] leading-none font-semibold text-primary-foreground",
        className,
      )}
    >
      <span aria-hidden>{badge.text}</span>
      <span className="sr-only"> {badge.label}</span>
    </span>
  );
}
