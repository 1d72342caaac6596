import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { createApp, type AppOptions } from "./app";
import { createRpcListener, RPC_PREFIX } from "./rpc";
import { securityHeaderList, securityOptionsOf } from "./security-headers";

export interface HttpServerOptions extends AppOptions {
  /** WebSocket handshakes (the realtime gateway); refused when absent. */
  onUpgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

/**
 * The one HTTP server of a process: `/rpc/*` goes to the RPC listener on Node's own objects,
 * everything else (auth, files, pages) to the Hono app, and upgrades to the gateway.
 */
export function createHttpServer(options: HttpServerOptions): Server {
  const app = createApp(options);
  const pages = getRequestListener(app.fetch);
  const rpc = createRpcListener({
    config: options.config,
    services: options.services,
    origins: options.origins,
    headers: securityHeaderList(securityOptionsOf(options)),
  });
  const rpcPath = `${RPC_PREFIX}/`;
  const server = createServer((req, res) => {
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
