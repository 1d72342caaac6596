import { useRouterState } from "@tanstack/react-router";

/** A thin bar at the top of the page while a route is loading. */
export function PendingBar() {
  const isLoading = useRouterState({ select: (s) => s.status === "pending" });
  if (!isLoading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-full origin-left bg-brand-gradient animate-progress" />
    </div>
  );
}
