import { QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, render } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Suspense, type ReactElement } from "react";
import { Toaster } from "sonner";
import type { SessionData } from "@/lib/auth-client";
import { createQueryClient } from "@/lib/query-client";
import type { RouterContext } from "@/router";
import { server } from "./fake-server";

interface RenderOptions {
  /** The address the component is shown at (its links and search parameters read it). */
  path?: string;
  /** Who `/api/auth/get-session` says is signed in; nobody unless given. */
  session?: SessionData | null;
}

/**
 * Renders one component inside what main.tsx and the root layout give every page: the app's
 * QueryClient (its 'Error: {message}' toast included, retries off so a refusal shows at once),
 * a router (memory history: `Link`, `useNavigate` and search parameters work, and
 * `router.state.location` says where a navigation went) and sonner's Toaster, as __root.tsx
 * mounts it. The component stays on screen whatever the address; Suspense stands in for the
 * route's pending state.
 */
export async function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  if (options.session !== undefined) server.signIn(options.session);
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <Suspense fallback={<p>Loading...</p>}>{ui}</Suspense>
        <Outlet />
      </>
    ),
  });
  const anywhere = createRoute({ getParentRoute: () => rootRoute, path: "$" });
  const router = createRouter({
    routeTree: rootRoute.addChildren([anywhere]),
    history: createMemoryHistory({ initialEntries: [options.path ?? "/"] }),
    context: { queryClient },
  });
  await act(() => router.load());

  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* As __root.tsx mounts it; toasts stay until the test ends (setup.ts dismisses them). */}
      <Toaster position="top-center" richColors closeButton duration={Infinity} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}
