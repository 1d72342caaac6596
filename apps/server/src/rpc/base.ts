import { implement, os } from "@orpc/server";
import { contract } from "@chatsphere/contract";
import type { RpcContext } from "./context";
import { requireAdmin, requireRegistered, requireSession } from "./tier-checks";

/** The contract, ready to be implemented procedure by procedure. */
export const impl = implement(contract).$context<RpcContext>();

const middleware = os.$context<RpcContext>().middleware;

/*
 * Procedure tiers. Each one narrows the context for the procedures that use it:
 *   public      anyone (no middleware);
 *   authed      any session, guests included; 401 without one;
 *   registered  a non-guest session; 401 without a session, 403 for guests;
 *   adminOnly   role admin; 401 without a session, 403 for any other role.
 * The rules themselves are in tier-checks.ts (uploads use them too).
 */
export const authed = middleware(async ({ context, next }) => {
  const caller = requireSession(context.session);
  return next({ context: { user: caller.user, sessionId: caller.session.id } });
});

export const registered = middleware(async ({ context, next }) => {
  const caller = requireRegistered(context.session);
  return next({ context: { user: caller.user, sessionId: caller.session.id } });
});

export const adminOnly = middleware(async ({ context, next, path }) => {
  const caller = requireAdmin(context.session, path.join("."));
  return next({ context: { user: caller.user, sessionId: caller.session.id } });
});
