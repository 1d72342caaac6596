import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { PublicConfig } from "@chatsphere/contract";
import { CLIENT_IP_HEADER } from "../auth/auth";
import type { Config } from "../config";
import type { Services } from "../rpc/context";
import { articleHead } from "../features/blog/service";
import { clientIp } from "./client-ip";
import { mountFiles } from "./files";
import { originGuard } from "./origin-guard";
import { rpcErrorResponse } from "./rpc-error";
import { RPC_BODY_MAX_BYTES } from "./rpc";
import { securityHeaders, securityOptionsOf } from "./security-headers";
import { mountSeo } from "./seo";
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

export function createApp(options: AppOptions) {
  const { services } = options;
  const app = new Hono<AppEnv>();

  app.use(securityHeaders(securityOptionsOf(options)));
  app.use(async (c, next) => {
    c.set("clientIp", clientIp(c, options.config.TRUST_PROXY));
    await next();
  });

  app.get("/healthz", (c) =>
    options.isReady() ? c.json({ status: "ok" }) : c.json({ status: "starting" }, 503),
  );

  // Auth bodies are read whole before better-auth runs, so their size is capped first.
  const callLimit = bodyLimit({
    maxSize: RPC_BODY_MAX_BYTES,
    onError: (c) => rpcErrorResponse(c, 413, "PAYLOAD_TOO_LARGE", "Request too large"),
  });

  // better-auth checks origins only for requests that carry cookies; refusing every foreign
  // POST also stops login CSRF (signing a victim into the attacker's account).
  app.use("/api/auth/*", originGuard(options.allowedOrigins), callLimit);
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // better-auth reads the caller's address from this header; set it ourselves so the
    // client cannot choose its own rate-limit bucket.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const cookie = c.req.header("cookie");
    // Who is signing out or changing their account: asked before better-auth ends the session.
    const caller =
      c.req.method === "POST" ? await services.sessions.get(cookie).catch(() => null) : null;
    const response = await services.auth.handler(new Request(c.req.raw, { headers }));
    // Sign-out, revoked sessions, password and account changes: no process may keep trusting
    // a session that ended, nor keep its sockets open (decision 0013). A refused call changed
    // nothing and tells no one.
    if (c.req.method === "POST") {
      services.sessions.forgetCookie(cookie);
      if (caller && response.status < 400) services.realtime.sessionsChanged(caller.user.id);
    }
    return response;
  });

  mountFiles(app, services.storage);
  mountSeo(app, { db: services.db, publicUrl: options.config.publicUrl });

  if (options.webDistDir) {
    app.use("*", compress());
    mountWebApp(app, {
      distDir: options.webDistDir,
      publicUrl: options.config.publicUrl,
      config: options.publicConfig,
      resolvers: [
        ...(options.headResolvers ?? []),
        (pathname) => articleHead(services.db, pathname, options.config.publicUrl),
      ],
    });
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
