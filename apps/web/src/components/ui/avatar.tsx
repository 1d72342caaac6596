import { Avatar as AvatarPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";
import { avatarInitialsClass, avatarRootClass, initialsOf, initialsStyle } from "./initials-avatar";

export { initialsOf };

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
  return (
    <AvatarPrimitive.Root
      className={cn(avatarRootClass, className)}
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
        // No picture: the initials at once, in the server's HTML too (decision 0030).
        delayMs={image ? 400 : undefined}
        className={avatarInitialsClass}
        style={initialsStyle(name)}
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
