import { ORPCError } from "@orpc/server";
import { PERMISSION } from "@chatsphere/contract";
import type { CallerSession } from "../auth/caller-session";

/*
 * The rules of the procedure tiers, as plain checks: the oRPC middlewares of base.ts and the
 * upload listener (which answers before oRPC reads a body) both use them, so 401 vs 403 and
 * their texts are decided in one place.
 */

/** Any session, guests included; 401 without one. */
export function requireSession(session: CallerSession | null): CallerSession {
  if (!session) throw new ORPCError("UNAUTHORIZED", { message: PERMISSION.unauthorized });
  return session;
}

/** A non-guest session; 401 without a session, 403 for guests. */
export function requireRegistered(session: CallerSession | null): CallerSession {
  const caller = requireSession(session);
  if (caller.user.isAnonymous) {
    throw new ORPCError("FORBIDDEN", { message: PERMISSION.guestsNotAllowed });
  }
  return caller;
}

/** Role admin; 401 without a session, 403 for any other role (naming the procedure). */
export function requireAdmin(session: CallerSession | null, procedure: string): CallerSession {
  const caller = requireSession(session);
  if (caller.user.role !== "admin") {
    throw new ORPCError("FORBIDDEN", { message: PERMISSION.notAllowed(procedure) });
  }
  return caller;
}
