import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { SessionData } from "@/lib/auth-client";
import { sessionQueryOptions } from "./session-query";

let pendingWhileHydrating = false;
const noChanges = () => () => {};

/**
 * For a page the server rendered for a visitor with a session (decision 0030): it rendered the
 * session as still loading, since the HTML never holds a user. React hydrates a page in parts
 * (the header first, each route's content after), and the session may arrive in between.
 */
export function holdSessionWhileHydrating() {
  pendingWhileHydrating = true;
}

/** The current session: `data` is null when signed out, undefined while it loads. */
export function useSession(): { data: SessionData | null | undefined; isPending: boolean } {
  const { data, isPending } = useQuery(sessionQueryOptions);
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  // Every part then renders it as the server did while it is hydrated, and again at once
  // with the session: a part hydrated after the session arrived still matches its HTML.
  if (!hydrated && pendingWhileHydrating) return { data: undefined, isPending: true };
  return { data, isPending };
}
