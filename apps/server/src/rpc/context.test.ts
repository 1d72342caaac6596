import { call, os } from "@orpc/server";
import { describe, expect, it } from "vitest";
import type { CallerSession } from "../auth/caller-session";
import { adminOnly, authed, registered } from "./base";
import { rpcContext, type RpcContext, type Services } from "./context";

const admin: CallerSession = {
  user: { id: "u1", name: "Ada", image: null, role: "admin", isAnonymous: false },
  session: { id: "s1", expiresAt: new Date(Date.now() + 60_000) },
};

describe("rpcContext", () => {
  it.each([
    ["authed", authed],
    ["registered", registered],
    ["adminOnly", adminOnly],
  ])(
    "starts with every key the %s tier adds, so merging the tier's context adds none",
    async (_name, tier) => {
      // oRPC merges a middleware's context into a spread copy of the one before; on Node 20
      // each key such a copy gains is a new hidden class per call (context.ts).
      const start = rpcContext({} as Services, admin, "127.0.0.1");
      let seen: object | undefined;
      const procedure = os
        .$context<RpcContext>()
        .use(tier)
        .handler(({ context }) => {
          seen = context;
        });
      await call(procedure, undefined, { context: start, path: ["probe"] });
      expect(Object.keys(seen ?? {}).sort()).toEqual(Object.keys(start).sort());
      expect(seen).toMatchObject({ user: admin.user, sessionId: admin.session.id });
    },
  );
});
