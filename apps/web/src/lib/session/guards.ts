import { redirect } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { sessionQueryOptions } from "./session-query";

interface GuardContext {
  context: { queryClient: QueryClient };
}

/** Authenticated routes: no session goes to / (SPEC §2). Returns the session for children. */
export async function requireSession({ context }: GuardContext) {
  const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
  if (!session) throw redirect({ to: "/" });
  return { session };
}

/** Admin routes: anyone but an admin goes to / (SPEC §2). */
export async function requireAdmin({ context }: GuardContext) {
  const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
  if (session?.user.role !== "admin") throw redirect({ to: "/" });
  return { session };
}

/** Log-in and sign-up pages: a registered user is already in, so go to the chat. */
export async function redirectIfRegistered({ context }: GuardContext) {
  const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
  if (session && !session.user.isAnonymous) throw redirect({ to: "/chat" });
}
