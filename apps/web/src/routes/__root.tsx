import {
  createRootRouteWithContext,
  Outlet,
  useMatches,
  useRouterState,
} from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { pageMetaFor, type PageMeta } from "@chatsphere/contract";
import { Footer } from "@/features/shell/components/footer";
import { Header } from "@/features/shell/components/header";
import { PendingBar } from "@/features/shell/components/pending-bar";
import { usePageMeta } from "@/lib/page-meta";
import { useTheme } from "@/lib/theme";
import { useToasterNeeded } from "@/lib/toast";
import type { RouterContext } from "@/router";

/** sonner's toaster, loaded with the first toast (see `@/lib/toast`). */
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

/**
 * The page's title and description: a route whose loader returns `pageMeta` (a blog
 * article) names its own; every other page takes the table in the contract.
 */
function useRouteMeta(): PageMeta | null {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { pageMeta?: PageMeta } | undefined;
    if (data?.pageMeta) return data.pageMeta;
  }
  return pageMetaFor(pathname);
}

/** Pages that fill the screen themselves (the chat) leave out the footer. */
function useIsFullScreen() {
  const matches = useMatches();
  return matches.some((m) => (m.staticData as { fullScreen?: boolean }).fullScreen);
}

function RootLayout() {
  const { theme } = useTheme();
  usePageMeta(useRouteMeta());
  const fullScreen = useIsFullScreen();
  const toasterNeeded = useToasterNeeded();
  return (
    <>
      <PendingBar />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        {fullScreen ? null : <Footer />}
      </div>
      {toasterNeeded ? (
        <Suspense fallback={null}>
          <Toaster position="top-center" richColors closeButton theme={theme} />
        </Suspense>
      ) : null}
    </>
  );
}
