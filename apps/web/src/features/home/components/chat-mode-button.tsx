import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { ChatTab } from "@chatsphere/contract";
import { Button, type ButtonProps } from "@/components/ui/button";
import { useGuestSignIn } from "@/lib/session/use-guest-sign-in";
import { useSession } from "@/lib/session/use-session";
import { LoadingOverlay } from "@/components/loading-overlay";

interface ChatModeButtonProps extends Pick<ButtonProps, "variant" | "size" | "className"> {
  tab: ChatTab;
  children: ReactNode;
}

/**
 * Opens the chat on a tab. Signed in it is a plain link; signed out it first starts a guest
 * session, so a visitor is one click away from a conversation (SPEC §2, home hero).
 */
export function ChatModeButton({ tab, children, ...buttonProps }: ChatModeButtonProps) {
  const { data: session } = useSession();
  const guest = useGuestSignIn();
  if (session) {
    return (
      <Button asChild {...buttonProps}>
        <Link to="/chat" search={{ tab }}>
          {children}
        </Link>
      </Button>
    );
  }
  return (
    <>
      {guest.isPending ? <LoadingOverlay /> : null}
      <Button {...buttonProps} pending={guest.isPending} onClick={() => guest.mutate(tab)}>
        {children}
      </Button>
    </>
  );
}
