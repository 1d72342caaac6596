import "./styles/app.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { prepareClassMerging } from "./lib/cn";
import { createQueryClient } from "./lib/query-client";
import { restorePrerenderedState } from "./lib/prerendered-state";
import { storage } from "./lib/storage";
import { yieldToBrowser } from "./lib/yield-to-browser";
import { createAppRouter, type AppRouter } from "./router";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Root element not found");

let router: AppRouter | undefined;
const queryClient = createQueryClient({ afterRetry: () => void router?.invalidate() });

function appWith(appRouter: AppRouter) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={appRouter} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * A public page arrives painted by the server (decision 0030). React takes over that HTML in
 * place once it can render the same thing: the server's state restored, the page's code and
 * data loaded. `router.ssr` set as TanStack's own hydration sets it, so the router renders
 * the same tree of boundaries the server did. Hydrating in a transition lets React yield to
 * the browser between components instead of holding the main thread for the whole page: the
 * painted page stays responsive while it becomes interactive.
 */
async function hydratePrerendered(root: HTMLElement, appRouter: AppRouter) {
  await yieldToBrowser();
  prepareClassMerging();
  await yieldToBrowser();
  await restorePrerenderedState(queryClient);
  await appRouter.load();
  appRouter.ssr = { manifest: undefined };
  startTransition(() => {
    hydrateRoot(root, appWith(appRouter));
  });
  releaseEarlyClicks();
}

declare global {
  interface Window {
    /** Set by theme-init.js: stops keeping clicks and hands over the buttons clicked so far. */
    __chatsphereEarlyClicks?: () => HTMLElement[];
  }
}

/**
 * Clicks on the painted page's buttons before React took it over (theme-init.js kept them)
 * are given to the buttons now: React hydrates the part clicked at once and handles the click,
 * so a visitor who pressed "Guest Login" while the page was loading is not ignored. On a first
 * visit to the home page they are dropped instead: the age question comes first (SPEC §3), and
 * nothing pressed before it was asked may go through.
 */
function releaseEarlyClicks() {
  const kept = window.__chatsphereEarlyClicks?.() ?? [];
  const ageQuestionFirst = location.pathname === "/" && storage.get("ageAccepted") !== "true";
  if (ageQuestionFirst) return;
  for (const button of kept) if (button.isConnected) button.click();
}

/**
 * Evaluating the app's modules is one task; on a painted page the router's construction (its
 * whole route tree), tailwind-merge's class map and the take-over each get their own, so no
 * single task holds the main thread for all of them while the visitor is reading (issue 15:
 * Total Blocking Time).
 */
async function start(root: HTMLElement) {
  const prerendered = root.firstElementChild !== null;
  if (prerendered) await yieldToBrowser();
  const appRouter = (router = createAppRouter(queryClient));
  if (!prerendered) {
    createRoot(root).render(appWith(appRouter));
    return releaseEarlyClicks();
  }
  await hydratePrerendered(root, appRouter).catch((error: unknown) => {
    console.error("Could not take over the prerendered page", error);
    createRoot(root).render(appWith(appRouter));
    releaseEarlyClicks();
  });
}

void start(rootElement);
