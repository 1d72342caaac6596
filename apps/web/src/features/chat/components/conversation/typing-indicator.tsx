import { TEXT } from "@chatsphere/contract";

/** "Ann is typing..." with three bouncing dots; renders nothing when nobody types. */
export function TypingIndicator({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  const label = names.length === 1 ? TEXT.typing(names[0] ?? "") : TEXT.typing(names.join(", "));
  return (
    <div className="mt-3 flex items-center gap-2 text-xs text-muted-foreground" role="status">
      <span className="flex gap-0.5 rounded-full bg-muted px-2.5 py-2" aria-hidden>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span>{label}</span>
    </div>
  );
}
