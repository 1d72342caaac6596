import { Avatar as AvatarPrimitive } from "radix-ui";
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

interface UserAvatarProps {
  name: string;
  image?: string | null;
  className?: string;
  /**
   * Avatars nearly always sit beside the person's name, so by default they are hidden from
   * screen readers (no name read twice); set this where the avatar stands alone.
   */
  labelled?: boolean;
}

/**
 * A user's picture, or their initials on a colour derived from the name. The fallback is
 * drawn here rather than fetched from an avatar service, so no name leaves the site.
 */
export function UserAvatar({ name, image, className, labelled = false }: UserAvatarProps) {
  const hue = hueOf(name);
  return (
    <AvatarPrimitive.Root
      className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full", className)}
      aria-hidden={labelled ? undefined : true}
      role={labelled ? "img" : undefined}
      aria-label={labelled ? name : undefined}
    >
      {image ? (
        <AvatarPrimitive.Image
          src={image}
          alt=""
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        delayMs={image ? 400 : 0}
        className="flex size-full items-center justify-center text-[0.8em] font-semibold text-white"
        style={{
          background: `linear-gradient(135deg, oklch(0.62 0.19 ${hue}), oklch(0.5 0.2 ${hue + 30}))`,
        }}
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
