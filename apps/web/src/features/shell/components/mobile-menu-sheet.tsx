import { Link } from "@tanstack/react-router";
import type { RefObject } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Logo } from "@/components/logo";
import { AuthButtons } from "./auth-buttons";
import { MOBILE_LINKS } from "./nav-links";

const linkClass =
  "rounded-lg px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent data-[status=active]:bg-accent data-[status=active]:text-accent-foreground";

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  /** The button that opened it: focus goes back there when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The mobile side menu's panel, loaded the first time someone reaches for the menu. */
export function MobileMenuSheet({ open, onOpenChange, signedIn, trigger }: MobileMenuSheetProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        id="mobile-menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
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
