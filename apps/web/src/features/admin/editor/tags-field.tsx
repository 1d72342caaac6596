import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Check, ChevronsUpDown, Search, X } from "lucide-react";
import { useId, useState } from "react";
import { useController, type Control } from "react-hook-form";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/cn";
import { tagsQueryOptions } from "../api";
import type { BlogFormValues } from "./form-values";

/** Tags multi-select with search; each tag toggles on and off (SPEC §2). */
export function TagsField({ control }: { control: Control<BlogFormValues> }) {
  const { data: tags } = useSuspenseQuery(tagsQueryOptions());
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController({ control, name: "tags" });
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const id = useId();
  const selected = new Set(value.map((tag) => tag.id));
  const query = search.trim().toLowerCase();
  const visible = tags.filter((tag) => tag.name.toLowerCase().includes(query));
  const error = fieldState.error?.message;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) onBlur();
  };

  const toggle = (tagId: string) => {
    const next = selected.has(tagId)
      ? value.filter((tag) => tag.id !== tagId)
      : [...value, { id: tagId }];
    onChange(next);
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{CONTENT_TEXT.tagsLabel}</Label>
        <Link
          to="/admin/dashboard/tags"
          className="text-xs font-medium text-primary hover:underline"
        >
          {CONTENT_TEXT.createTagsLink}
        </Link>
      </div>
      <Popover open={open} onOpenChange={openChange}>
        <PopoverTrigger asChild>
          <button
            id={id}
            ref={ref}
            type="button"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-background px-3 text-left text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
          >
            <span className={cn("truncate", selected.size === 0 && "text-muted-foreground")}>
              {selected.size === 0 ? CONTENT_TEXT.selectTags : `${selected.size} selected`}
            </span>
            <ChevronsUpDown className="size-4 opacity-60" />
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-64 p-0">
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="size-4 text-muted-foreground" aria-hidden />
            <Input
              autoFocus
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={CONTENT_TEXT.searchTags}
              aria-label={CONTENT_TEXT.searchTags}
              className="h-10 border-0 px-0 shadow-none focus-visible:outline-none"
            />
          </div>
          <div
            role="listbox"
            aria-multiselectable
            aria-label={CONTENT_TEXT.tagsLabel}
            className="max-h-60 overflow-y-auto p-1"
          >
            {visible.length === 0 ? (
              <p className="px-2 py-6 text-center text-sm text-muted-foreground">
                {CONTENT_TEXT.noTagsAvailable}
              </p>
            ) : (
              visible.map((tag) => (
                <button
                  key={tag.id}
                  type="button"
                  role="option"
                  aria-selected={selected.has(tag.id)}
                  onClick={() => toggle(tag.id)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                >
                  <span
                    className={cn(
                      "flex size-4 items-center justify-center rounded border",
                      selected.has(tag.id) && "border-primary bg-primary text-primary-foreground",
                    )}
                  >
                    {selected.has(tag.id) ? <Check className="size-3" /> : null}
                  </span>
                  <span className="truncate">{tag.name}</span>
                </button>
              ))
            )}
          </div>
          <div className="border-t p-2 text-center">
            <Link
              to="/admin/dashboard/tags"
              className="text-xs font-medium text-primary hover:underline"
            >
              {CONTENT_TEXT.createTagsLink}
            </Link>
          </div>
        </PopoverContent>
      </Popover>
      {selected.size > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags">
          {tags
            .filter((tag) => selected.has(tag.id))
            .map((tag) => (
              <li key={tag.id}>
                <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2.5">
                  {tag.name}
                  <button
                    type="button"
                    onClick={() => toggle(tag.id)}
                    aria-label={`Remove ${tag.name}`}
                    className="rounded-full p-0.5 hover:bg-background/60"
                  >
                    <X className="size-3" />
                  </button>
                </Badge>
              </li>
            ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
