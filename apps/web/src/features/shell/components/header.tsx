import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/lib/session/use-session";
import { AuthButtons } from "./auth-buttons";
import { Logo } from "@/components/logo";
import { MobileMenu } from "./mobile-menu";
import { DESKTOP_LINKS } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

/** The menu (and its dropdown code) loads only for someone signed in. */
const ProfileMenu = lazy(() =>
  import("./profile-menu").then((module) => ({ default: module.ProfileMenu })),
);

export function Header() {
  const { data: session, isPending } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-lg supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <MobileMenu signedIn={Boolean(session)} />
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {DESKTOP_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              activeOptions={{ exact: link.to === "/" }}
              className="rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[status=active]:text-foreground data-[status=active]:bg-accent"
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {isPending ? (
            <Skeleton className="h-9 w-28 rounded-full" />
          ) : session ? (
            <Suspense fallback={<Skeleton className="h-9 w-28 rounded-full" />}>
              <ProfileMenu session={session} />
            </Suspense>
          ) : (
            <>
              <AuthButtons className="hidden sm:flex" />
              <Button asChild size="sm" className="sm:hidden">
                <Link to="/log-in">{TEXT.logIn}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
