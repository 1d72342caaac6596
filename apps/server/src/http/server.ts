import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { createApp, type AppOptions } from "./app";
import { ASSETS_PREFIX, createAssetListener } from "./assets";
import { createRpcListener, RPC_PREFIX } from "./rpc";
import { securityHeaderList, securityOptionsOf } from "./security-headers";

export interface HttpServerOptions extends AppOptions {
  /** WebSocket handshakes (the realtime gateway); refused when absent. */
  onUpgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

/**
 * The one HTTP server of a process: `/rpc/*` goes to the RPC listener on Node's own objects,
 * the web build's hashed files to the asset listener (from memory once read), everything else
 * (auth, files, pages, and what the asset listener leaves) to the Hono app, and upgrades to
 * the gateway.
 */
export function createHttpServer(options: HttpServerOptions): Server {
  const app = createApp(options);
  const pages = getRequestListener(app.fetch);
  const headers = securityHeaderList(securityOptionsOf(options));
  const rpc = createRpcListener({
    config: options.config,
    services: options.services,
    origins: options.origins,
    headers,
  });
  const rpcPath = `${RPC_PREFIX}/`;
  const assets = options.webDistDir
    ? createAssetListener({ dir: path.join(options.webDistDir, "assets"), headers })
    : null;
  const server = createServer((req, res) => {
    if (assets && req.url?.startsWith(ASSETS_PREFIX)) {
      const answered = assets(req, res);
      if (answered === true) return;
      if (answered !== false) {
        answered.then(
          (done) => done || void pages(req, res),
          (error: unknown) => {
            options.services.logger.error("assets: could not answer", error);
            void pages(req, res);
          },
        );
        return;
      }
    }
    if (req.url?.startsWith(rpcPath)) {
      rpc(req, res).catch((error: unknown) => {
        options.services.logger.error("rpc: request failed", error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    void pages(req, res);
  });
  if (options.onUpgrade) server.on("upgrade", options.onUpgrade);
  else server.on("upgrade", (_req, socket: Duplex) => socket.destroy());
  return server;
}
