import type { CSSProperties } from "react";
import { cn } from "@/lib/cn";

const HUES = [262, 292, 330, 12, 32, 150, 190, 215];

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0] ?? "?"];
  return letters
    .map((part) => Array.from(part ?? "")[0] ?? "")
    .join("")
    .toUpperCase();
}

function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return HUES[Math.abs(hash) % HUES.length] ?? 262;
}

export const avatarRootClass = "relative flex size-9 shrink-0 overflow-hidden rounded-full";
export const avatarInitialsClass =
  "flex size-full items-center justify-center text-[0.8em] font-semibold text-white";

/** The initials' background: a colour derived from the name. */
export function initialsStyle(name: string): CSSProperties {
  const hue = hueOf(name);
  return {
    background: `linear-gradient(135deg, oklch(0.62 0.19 ${hue}), oklch(0.5 0.2 ${hue + 30}))`,
  };
}

/**
 * Someone's initials as `UserAvatar` draws them when there is no picture, without Radix's
 * avatar (which waits for a picture to load): for pictureless people on the first page.
 */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn(avatarRootClass, className)} aria-hidden>
      <span className={avatarInitialsClass} style={initialsStyle(name)}>
        {initialsOf(name)}
      </span>
    </span>
  );
}
