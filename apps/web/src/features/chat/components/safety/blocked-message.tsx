import { EyeOff } from "lucide-react";
import { SAFETY_TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";

/** A blocked person's message in a room, behind one line until the reader chooses to see it. */
export function BlockedMessage({ onReveal }: { onReveal(): void }) {
  return (
    <li className="flex items-center gap-2 py-0.5" data-testid="blocked-message">
      <div className="flex min-w-0 items-center gap-2 rounded-full border border-dashed bg-muted/40 py-1 pr-1 pl-3 text-xs text-muted-foreground">
        <EyeOff className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate">{SAFETY_TEXT.blockedMessage}</span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onReveal}
          className="h-6 rounded-full px-2.5 text-xs"
        >
          {SAFETY_TEXT.revealBlocked}
        </Button>
      </div>
    </li>
  );
}
