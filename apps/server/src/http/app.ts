import { RPCHandler } from "@orpc/server/fetch";
import { StrictGetMethodPlugin } from "@orpc/server/plugins";
import { onError } from "@orpc/server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { PublicConfig } from "@chatsphere/contract";
import { CLIENT_IP_HEADER } from "../auth/auth";
import type { Config } from "../config";
import { router } from "../rpc/router";
import type { Services } from "../rpc/context";
import { toRpcError } from "../rpc/errors";
import { clientIp } from "./client-ip";
import { originGuard } from "./origin-guard";
import { securityHeaders } from "./security-headers";
import { mountWebApp, type HeadResolver } from "./web";

export interface AppOptions {
  config: Pick<Config, "publicUrl" | "TRUST_PROXY">;
  services: Services;
  publicConfig: PublicConfig;
  allowedOrigins: string[];
  /** The built web app; tests of the API alone leave it out. */
  webDistDir?: string;
  headResolvers?: HeadResolver[];
  isReady: () => boolean;
}

type AppEnv = { Variables: { clientIp: string } };

/** Auth calls after which none of the caller's remembered sessions may be trusted. */
const ACCOUNT_CHANGES = [
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/change-password",
  "/delete-user",
  "/update-user",
];

export function createApp(options: AppOptions) {
  const { services } = options;
  const app = new Hono<AppEnv>();
  const ads = options.publicConfig.ads;

  app.use(
    securityHeaders({
      scriptOrigins: ads ? ["https://pagead2.googlesyndication.com"] : [],
      frameOrigins: ads
        ? ["https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com"]
        : [],
      hsts: options.config.publicUrl.startsWith("https://"),
    }),
  );
  app.use(async (c, next) => {
    c.set("clientIp", clientIp(c, options.config.TRUST_PROXY));
    await next();
  });

  app.get("/healthz", (c) =>
    options.isReady() ? c.json({ status: "ok" }) : c.json({ status: "starting" }, 503),
  );

  // better-auth checks origins only for requests that carry cookies; refusing every foreign
  // POST also stops login CSRF (signing a victim into the attacker's account).
  app.use("/api/auth/*", originGuard(options.allowedOrigins));
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // better-auth reads the caller's address from this header; set it ourselves so the
    // client cannot choose its own rate-limit bucket.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const response = await services.auth.handler(new Request(c.req.raw, { headers }));
    // Sign-out, password and account changes: this process must not keep the old session.
    if (c.req.method === "POST") {
      const wholeUser = ACCOUNT_CHANGES.some((p) => c.req.path.endsWith(p));
      services.sessions.forgetCookie(c.req.header("cookie"), { wholeUser });
    }
    return response;
  });

  const rpcHandler = new RPCHandler(router, {
    plugins: [new StrictGetMethodPlugin()],
    clientInterceptors: [
      onError((error) => {
        throw toRpcError(error, services.logger);
      }),
    ],
  });
  app.use("/rpc/*", originGuard(options.allowedOrigins));
  app.all("/rpc/*", async (c) => {
    const session = await services.sessions.get(c.req.raw.headers);
    const { matched, response } = await rpcHandler.handle(c.req.raw, {
      prefix: "/rpc",
      context: { services, session, clientIp: c.get("clientIp") },
    });
    if (matched) return c.newResponse(response.body, response);
    return c.json({ defined: false, code: "NOT_FOUND", status: 404, message: "Not found" }, 404);
  });

  if (options.webDistDir) {
    app.use("*", compress());
    mountWebApp(app, {
      distDir: options.webDistDir,
      publicUrl: options.config.publicUrl,
      config: options.publicConfig,
      resolvers: options.headResolvers ?? [],
    });
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
