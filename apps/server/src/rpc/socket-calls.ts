import { call } from "@orpc/server";
import { PERMISSION, type SocketProcedure } from "@chatsphere/contract";
import { callErrorOf, rpcErrorBody } from "../http/rpc-error";
import { limitCall } from "../rate-limit/call-limits";
import type { CallOutcome, CallRunner } from "../realtime/calls";
import { rpcContext, type Services } from "./context";
import { toRpcError } from "./errors";
import { router } from "./router";

/**
 * The app router's procedure of each name a socket may call (every middleware included), and
 * its path as oRPC's HTTP handler gives it (for logs and the tiers' error texts).
 */
const PROCEDURES = {
  "message.send": { procedure: router.message.send, path: ["message", "send"] },
} satisfies Record<SocketProcedure, { procedure: unknown; path: readonly string[] }>;

const { defined: _defined, ...RATE_LIMITED } = rpcErrorBody(
  429,
  "TOO_MANY_REQUESTS",
  PERMISSION.rateLimited,
);

/**
 * Runs a socket's `call` frame as `/rpc` runs the same call over HTTP (http/rpc.ts, decision
 * 0032): the caller's session looked up again through the session cache (a banned or ended
 * session is refused by the procedure's tier with 401, and the socket is closed after the
 * answer), the procedure's per-user and per-address limits (the same counters as HTTP's),
 * then the app router's procedure with the same context, so its tier, input validation,
 * authorization and everything it does run unchanged. Errors map through `toRpcError`, as
 * the HTTP handler's interceptor maps them.
 */
export function createSocketCallRunner(services: Services): CallRunner {
  return async ({ procedure, input, caller }): Promise<CallOutcome> => {
    const found = await services.sessions.get(caller.sessionCookie);
    // No session (ended, revoked, banned) runs on as over HTTP: the tier refuses it (401).
    const session = found?.user.id === caller.userId ? found : null;
    const sessionEnded = session === null;
    const wait = await limitCall(services.rateLimiter, {
      procedure,
      userId: session?.user.id ?? null,
      address: caller.address,
    });
    if (wait !== null) return { error: RATE_LIMITED, sessionEnded };
    try {
      const { procedure: run, path } = PROCEDURES[procedure];
      const output: unknown = await call(run, input as never, {
        context: rpcContext(services, session, caller.address),
        path,
      });
      return { output };
    } catch (error) {
      return { error: callErrorOf(toRpcError(error, services.logger)), sessionEnded };
    }
  };
}
