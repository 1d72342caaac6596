import { implement, ORPCError, os } from "@orpc/server";
import { contract, PERMISSION } from "@chatsphere/contract";
import type { RpcContext } from "./context";

/** The contract, ready to be implemented procedure by procedure. */
export const impl = implement(contract).$context<RpcContext>();

const middleware = os.$context<RpcContext>().middleware;

/*
 * Procedure tiers. Each one narrows the context for the procedures that use it:
 *   public      anyone (no middleware);
 *   authed      any session, guests included; 401 without one;
 *   registered  a non-guest session; 401 without a session, 403 for guests;
 *   adminOnly   role admin; 401 without a session, 403 for any other role.
 */
export const authed = middleware(async ({ context, next }) => {
  const session = context.session;
  if (!session) throw new ORPCError("UNAUTHORIZED", { message: PERMISSION.unauthorized });
  return next({ context: { user: session.user, sessionId: session.session.id } });
});

export const registered = middleware(async ({ context, next }) => {
  const session = context.session;
  if (!session) throw new ORPCError("UNAUTHORIZED", { message: PERMISSION.unauthorized });
  if (session.user.isAnonymous) {
    throw new ORPCError("FORBIDDEN", { message: PERMISSION.guestsNotAllowed });
  }
  return next({ context: { user: session.user, sessionId: session.session.id } });
});

export const adminOnly = middleware(async ({ context, next, path }) => {
  const session = context.session;
  if (!session) throw new ORPCError("UNAUTHORIZED", { message: PERMISSION.unauthorized });
  if (session.user.role !== "admin") {
    throw new ORPCError("FORBIDDEN", { message: PERMISSION.notAllowed(path.join(".")) });
  }
  return next({ context: { user: session.user, sessionId: session.session.id } });
});
