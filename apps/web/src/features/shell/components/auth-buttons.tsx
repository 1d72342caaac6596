import { Link } from "@tanstack/react-router";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { useGuestSignIn } from "@/lib/session/use-guest-sign-in";
import { cn } from "@/lib/cn";
import { LoadingOverlay } from "@/components/loading-overlay";

/** 'Guest Login' and 'Log In' for signed-out visitors. */
export function AuthButtons({ className, onDone }: { className?: string; onDone?: () => void }) {
  const guest = useGuestSignIn();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      {guest.isPending ? <LoadingOverlay /> : null}
      <Button
        variant="outline"
        pending={guest.isPending}
        onClick={() => guest.mutate("stranger-chat", { onSettled: onDone })}
      >
        {TEXT.guestLogin}
      </Button>
      <Button asChild>
        <Link to="/log-in" onClick={onDone}>
          {TEXT.logIn}
        </Link>
      </Button>
    </div>
  );
}
