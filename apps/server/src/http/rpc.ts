import type { IncomingMessage, ServerResponse } from "node:http";
import { onError } from "@orpc/server";
import { BodyLimitPlugin, RPCHandler } from "@orpc/server/node";
import { StrictGetMethodPlugin } from "@orpc/server/plugins";
import { contract, PERMISSION } from "@chatsphere/contract";
import { limitCall } from "../rate-limit/call-limits";
import type { Config } from "../config";
import { router } from "../rpc/router";
import { rpcContext, type Services } from "../rpc/context";
import { toRpcError } from "../rpc/errors";
import { createUploadListener } from "../uploads/upload-listener";
import { uploadRoutes } from "../uploads/upload-routes";
import { header, isForeignCall } from "./origin-guard";
import { procedureNames } from "./procedure-names";
import { clientAddress } from "./proxy-trust";
import { rpcErrorBody } from "./rpc-error";
import type { OriginPolicy } from "./site-origin";

export const RPC_PREFIX = "/rpc";

/** JSON calls and auth requests are small; 256 KB is far above any real one. */
export const RPC_BODY_MAX_BYTES = 256 * 1024;

export interface RpcListenerOptions {
  config: Pick<Config, "TRUST_PROXY">;
  services: Services;
  origins: OriginPolicy;
  /** Headers every response carries (security headers). */
  headers: [string, string][];
}

/**
 * Writes an error in the RPC error shape of SPEC §3 without involving a procedure, framed as
 * oRPC frames its own (`{ json }`): the client then reads the message, not a generic one.
 */
function sendError(res: ServerResponse, status: number, code: string, message: string) {
  const body = JSON.stringify({ json: rpcErrorBody(status, code, message) });
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/**
 * `/rpc/*` on Node's own request and response objects. Every chat action is an RPC, so this
 * path skips the web-standard Request/Response copies of the fetch adapter (decision 0010):
 * origin check, body bound, session and client address are the same as everywhere else.
 */
export function createRpcListener(options: RpcListenerOptions) {
  const { services } = options;
  const handlerWith = (maxBodySize: number) =>
    new RPCHandler(router, {
      plugins: [new StrictGetMethodPlugin(), new BodyLimitPlugin({ maxBodySize })],
      clientInterceptors: [
        onError((error) => {
          throw toRpcError(error, services.logger);
        }),
      ],
    });
  const callHandler = handlerWith(RPC_BODY_MAX_BYTES);
  const procedures = procedureNames(contract, RPC_PREFIX);
  const uploads = createUploadListener({ prefix: RPC_PREFIX, services, routes: uploadRoutes });

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of options.headers) res.setHeader(name, value);
    if (isForeignCall(req, req.method ?? "GET", options.origins)) {
      return sendError(res, 403, "FORBIDDEN", PERMISSION.foreignOrigin);
    }
    // Uploads bound their bodies themselves (uploads/), by route, before reading a byte.
    const upload = uploads.routeOf(req.url);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!upload && declared > RPC_BODY_MAX_BYTES) {
      // Refused before the body is read; the client may not send the rest.
      res.setHeader("Connection", "close");
      return sendError(res, 413, "PAYLOAD_TOO_LARGE", "Request too large");
    }
    const session = await services.sessions.get(req.headers.cookie);
    const clientIp = clientAddress(
      options.config.TRUST_PROXY,
      header(req.headers["x-forwarded-for"]),
      req.socket.remoteAddress,
    );
    const procedure = procedures.nameOf(req.url);
    const userId = session?.user.id ?? null;
    const wait = await limitCall(services.rateLimiter, { procedure, userId, address: clientIp });
    if (wait !== null) {
      // Refused before the body is read; an upload's body is not worth waiting for.
      if (upload) res.setHeader("Connection", "close");
      res.setHeader("Retry-After", String(wait));
      return sendError(res, 429, "TOO_MANY_REQUESTS", PERMISSION.rateLimited);
    }
    if (upload) return uploads.handle(upload, req, res, { session, clientIp });
    const { matched } = await callHandler.handle(req, res, {
      prefix: RPC_PREFIX,
      context: rpcContext(services, session, clientIp),
    });
    if (!matched) sendError(res, 404, "NOT_FOUND", "Not found");
  };
}
