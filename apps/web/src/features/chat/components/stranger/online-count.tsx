import { TEXT } from "@chatsphere/contract";

/** Everyone in the stranger lobby but you (SPEC §2). */
export function OnlineCount({ count }: { count: number }) {
  return (
    <p
      className="flex items-center justify-center gap-2 text-sm text-muted-foreground"
      data-testid="online-count"
    >
      <span className="relative flex size-2.5">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
        <span className="relative inline-flex size-2.5 rounded-full bg-success" />
      </span>
      {TEXT.onlineCount(count)}
    </p>
  );
}
