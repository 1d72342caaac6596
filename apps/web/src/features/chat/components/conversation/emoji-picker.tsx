import { Smile } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { CHAT_FONT } from "../../chat-font";
import type { EmojiGroup } from "./emoji-data";

/** Loads the emoji table once, on first open (it is the biggest part of the chat bundle). */
function useEmojiGroups(enabled: boolean) {
  const [groups, setGroups] = useState<EmojiGroup[] | null>(null);
  useEffect(() => {
    if (!enabled || groups) return;
    let alive = true;
    void import("./emoji-data").then((m) => alive && setGroups(m.EMOJI_GROUPS));
    return () => {
      alive = false;
    };
  }, [enabled, groups]);
  return groups;
}

export function EmojiPicker({
  onPick,
  disabled,
}: {
  onPick(emoji: string): void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [groupIndex, setGroupIndex] = useState(0);
  const groups = useEmojiGroups(open);

  const shown = useMemo(() => {
    if (!groups) return [];
    const q = query.trim().toLowerCase();
    if (!q) return groups[groupIndex]?.emojis ?? [];
    return groups
      .flatMap((g) => g.emojis)
      .filter((e) => e.name.includes(q))
      .slice(0, 160);
  }, [groups, groupIndex, query]);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Insert emoji"
          disabled={disabled}
        >
          <Smile className="size-5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        side="top"
        className="w-[min(22rem,calc(100vw-1.5rem))] p-2"
        style={CHAT_FONT}
      >
        <Input
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search emoji"
          aria-label="Search emoji"
          className="h-9"
        />
        {groups ? (
          <>
            {query ? null : (
              <div
                role="tablist"
                aria-label="Emoji categories"
                className="mt-2 flex justify-between"
              >
                {groups.map((group, index) => (
                  <button
                    key={group.name}
                    type="button"
                    role="tab"
                    aria-selected={index === groupIndex}
                    title={group.name}
                    aria-label={group.name}
                    onClick={() => setGroupIndex(index)}
                    className={cn(
                      "rounded-md p-1 text-lg leading-none opacity-60 transition hover:bg-accent hover:opacity-100",
                      index === groupIndex && "bg-accent opacity-100",
                    )}
                  >
                    {group.emojis[0]?.char}
                  </button>
                ))}
              </div>
            )}
            <div className="mt-2 grid h-56 grid-cols-8 content-start gap-0.5 overflow-y-auto pr-1">
              {shown.map((emoji) => (
                <button
                  key={emoji.char}
                  type="button"
                  title={emoji.name}
                  aria-label={emoji.name}
                  onClick={() => onPick(emoji.char)}
                  className="flex aspect-square items-center justify-center rounded-md text-2xl leading-none transition hover:bg-accent"
                >
                  {emoji.char}
                </button>
              ))}
              {shown.length === 0 ? (
                <p className="col-span-8 py-8 text-center text-sm text-muted-foreground">
                  No emoji found
                </p>
              ) : null}
            </div>
          </>
        ) : (
          <div className="flex h-64 items-center justify-center">
            <Spinner label="Loading emoji" />
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
