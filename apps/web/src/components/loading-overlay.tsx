import { BRAND, TEXT } from "@chatsphere/contract";
import { LogoMark } from "./logo";

/** Full-screen overlay for session transitions (guest sign-in, log-out, first load). */
export function LoadingOverlay() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-background/90 backdrop-blur-sm animate-fade-in"
    >
      <LogoMark className="size-14 animate-bounce" />
      <div className="text-center">
        <p className="text-lg font-semibold">{TEXT.loadingTitle(BRAND)}</p>
        <p className="text-sm text-muted-foreground">{TEXT.loadingSubtitle}</p>
      </div>
    </div>
  );
}
