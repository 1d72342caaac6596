import { Link, useRouterState } from "@tanstack/react-router";
import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { AuthButtons } from "./auth-buttons";
import { Logo } from "@/components/logo";
import { MOBILE_LINKS } from "./nav-links";

const linkClass =
  "rounded-lg px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent data-[status=active]:bg-accent data-[status=active]:text-accent-foreground";

export function MobileMenu({ signedIn }: { signedIn: boolean }) {
  // The menu is open for the page and session it was opened on: any navigation (a link, Guest
  // Login sending the new guest to the stranger tab, a redirect) or a sign-in closes it. Closing
  // in a callback alone is not enough: Guest Login unmounts its button the moment the session
  // arrives, and the callbacks of a mutation whose component is gone never run.
  const at = useRouterState({ select: (s) => `${s.location.href} ${signedIn}` });
  const [openAt, setOpenAt] = useState<string | null>(null);
  const close = () => setOpenAt(null);
  return (
    <Sheet open={openAt === at} onOpenChange={(open) => setOpenAt(open ? at : null)}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <Logo className="mb-2" />
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {MOBILE_LINKS.map((link) =>
            link.to === "/chat" ? (
              <Link
                key={link.label}
                to="/chat"
                search={{ tab: link.tab }}
                className={linkClass}
                activeOptions={{ includeSearch: true }}
                onClick={close}
              >
                {link.label}
              </Link>
            ) : (
              <Link
                key={link.label}
                to={link.to}
                className={linkClass}
                activeOptions={{ exact: link.to === "/" }}
                onClick={close}
              >
                {link.label}
              </Link>
            ),
          )}
        </nav>
        {signedIn ? null : <AuthButtons className="mt-auto [&>*]:flex-1" onDone={close} />}
      </SheetContent>
    </Sheet>
  );
}
