import { useRouterState } from "@tanstack/react-router";
import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

const loadSheet = () => import("./mobile-menu-sheet");
/** The panel (and the dialog code under it) loads when someone reaches for the menu. */
const MobileMenuSheet = lazy(() =>
  loadSheet().then((module) => ({ default: module.MobileMenuSheet })),
);

export function MobileMenu({ signedIn }: { signedIn: boolean }) {
  // The menu is open for the page and session it was opened on: any navigation (a link, Guest
  // Login sending the new guest to the stranger tab, a redirect) or a sign-in closes it. Closing
  // in a callback alone is not enough: Guest Login unmounts its button the moment the session
  // arrives, and the callbacks of a mutation whose component is gone never run.
  const at = useRouterState({ select: (s) => `${s.location.href} ${signedIn}` });
  const [openAt, setOpenAt] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const open = openAt === at;
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "mobile-menu" : undefined}
        // A finger on the button starts loading the panel before the tap ends.
        onPointerDown={() => void loadSheet()}
        onClick={() => {
          setWanted(true);
          setOpenAt(open ? null : at);
        }}
      >
        <Menu />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={(next) => setOpenAt(next ? at : null)}
            signedIn={signedIn}
            trigger={trigger}
          />
        </Suspense>
      ) : null}
    </>
  );
}
