import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { SESSION_REFRESH_DELAY_MS } from "@chatsphere/contract";
import type { SessionData } from "@/lib/auth-client";
import { fetchSession } from "./fetch-session";

export const SESSION_KEY = ["session"] as const;

/** The current session (or null), shared by the header, the guards and every page. */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: fetchSession,
  staleTime: 60_000,
});

/** After sign-in, sign-up, sign-out and profile changes: reload the session (SPEC §4). */
export async function refreshSession(queryClient: QueryClient) {
  await new Promise((resolve) => setTimeout(resolve, SESSION_REFRESH_DELAY_MS));
  await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}

export function isAdmin(session: SessionData | null | undefined) {
  return session?.user.role === "admin";
}

export function isGuest(session: SessionData | null | undefined) {
  return Boolean(session?.user.isAnonymous);
}
