import { Radar } from "lucide-react";
import { useEffect, useState } from "react";
import { MATCH_TIMEOUT_MS, type Region } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";

/**
 * Milliseconds left of the wait that began at `since`, never more than the wait itself: a
 * wait that starts again (the server's own requeue after a skip) can begin after the clock
 * this card last read, and would show "11s".
 */
export function waitLeftMs(since: number | null, now: number): number {
  const left = since === null ? MATCH_TIMEOUT_MS : since + MATCH_TIMEOUT_MS - now;
  return Math.min(MATCH_TIMEOUT_MS, Math.max(0, left));
}

/** Shown while the server looks for a partner: the region, the seconds left and Cancel. */
export function WaitingCard({
  region,
  since,
  onCancel,
}: {
  region: Region;
  since: number | null;
  onCancel(): void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = waitLeftMs(since, now);
  const seconds = Math.ceil(left / 1000);

  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center"
      role="status"
    >
      <div className="relative flex size-32 items-center justify-center">
        <span className="absolute inset-0 animate-ping rounded-full bg-primary/15" />
        <span className="absolute inset-4 animate-pulse rounded-full bg-primary/20" />
        <span className="relative flex size-16 items-center justify-center rounded-full bg-brand-gradient text-white shadow-lg shadow-primary/30">
          <Radar className="size-8" />
        </span>
      </div>
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Looking for a stranger...</h2>
        <p className="text-sm text-muted-foreground">
          {region === "World" ? "Anywhere in the world" : `In ${region}`} · {seconds}s
        </p>
      </div>
      <div className="h-1.5 w-56 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div
          className="h-full rounded-full bg-brand-gradient transition-[width] duration-300 ease-linear"
          style={{ width: `${(left / MATCH_TIMEOUT_MS) * 100}%` }}
        />
      </div>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
