import { ExternalLink, Link2 } from "lucide-react";
import { SAFETY_TEXT } from "@chatsphere/contract";
import { cn } from "@/lib/cn";

/**
 * A stranger's link while the reader chose that links wait for a tap (/profile): plain text
 * naming the site, and 'Open link'. Nothing is fetched from that site before the tap.
 */
export function HeldLink({ url, host }: { url: string; host: string }) {
  return (
    <span className="my-0.5 inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-foreground/10 bg-background/60 px-2 py-1 align-middle">
      <span className="inline-flex min-w-0 items-center gap-1.5 text-foreground/90" title={url}>
        <Link2 className="size-3.5 shrink-0 opacity-70" aria-hidden />
        <span className="break-all">{SAFETY_TEXT.linkHeld(host)}</span>
      </span>
      <button
        type="button"
        onClick={() => window.open(url, "_blank", "noopener,noreferrer")}
        className={cn(
          "inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium text-primary",
          "hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
        )}
      >
        {SAFETY_TEXT.openLink}
        <ExternalLink className="size-3" aria-hidden />
        <span className="sr-only"> ({host})</span>
      </button>
    </span>
  );
}
