import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { PublicConfig } from "@chatsphere/contract";
import type { Config } from "../config";
import type { Services } from "../rpc/context";
import { articleHead } from "../features/blog/service";
import { authRequestHandler } from "./auth-route";
import { clientIp, nodeRequestOf } from "./client-ip";
import { mountFiles } from "./files";
import { originGuard } from "./origin-guard";
import { rpcErrorResponse } from "./rpc-error";
import { RPC_BODY_MAX_BYTES } from "./rpc";
import { securityHeaders, securityOptionsOf } from "./security-headers";
import { mountSeo } from "./seo";
import type { OriginPolicy } from "./site-origin";
import {
  createPrerender,
  loadWebServerEntry,
  readBuildManifest,
  type WebServerEntry,
} from "./prerender";
import { mountWebApp, type HeadResolver } from "./web";

export interface AppOptions {
  config: Pick<Config, "publicUrl" | "TRUST_PROXY">;
  services: Services;
  publicConfig: PublicConfig;
  /** Same-origin rules (decision 0014): PUBLIC_URL, or the address the request came to. */
  origins: OriginPolicy;
  /** The built web app; tests of the API alone leave it out. */
  webDistDir?: string;
  headResolvers?: HeadResolver[];
  /** The web app's server entry; by default the one built into `webDistDir/ssr`. */
  webServerEntry?: Promise<WebServerEntry | null>;
  isReady: () => boolean;
}

type AppEnv = { Variables: { clientIp: string } };

export function createApp(options: AppOptions) {
  const { services, origins } = options;
  const app = new Hono<AppEnv>();
  // A request whose Host header is malformed gets relative links rather than none.
  const siteOrigin = (c: Context) => origins.siteOrigin(nodeRequestOf(c)) ?? "";

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
  app.use("/api/auth/*", originGuard(origins), callLimit);
  const auth = authRequestHandler(services, origins);
  app.on(["GET", "POST"], "/api/auth/*", (c) => auth(c, nodeRequestOf(c), c.get("clientIp")));

  mountFiles(app, services);
  mountSeo(app, { db: services.db, siteOrigin });

  if (options.webDistDir) {
    app.use("*", compress());
    const prerender = createPrerender({
      entry: options.webServerEntry ?? loadWebServerEntry(options.webDistDir),
      manifest: readBuildManifest(options.webDistDir),
      services,
      config: options.publicConfig,
      logger: services.logger,
    });
    mountWebApp(app, {
      distDir: options.webDistDir,
      siteOrigin,
      config: options.publicConfig,
      resolvers: [
        ...(options.headResolvers ?? []),
        (pathname, origin) => articleHead(services.db, pathname, origin),
      ],
      prerender: (c, url) =>
        prerender({ url, cookie: c.req.header("cookie"), clientIp: c.get("clientIp") }),
    });
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
