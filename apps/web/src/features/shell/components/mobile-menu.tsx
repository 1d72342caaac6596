import { Link } from "@tanstack/react-router";
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
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
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
