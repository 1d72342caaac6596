import type { IncomingMessage, ServerResponse } from "node:http";
import { onError } from "@orpc/server";
import { BodyLimitPlugin, RPCHandler } from "@orpc/server/node";
import { StrictGetMethodPlugin } from "@orpc/server/plugins";
import { BLOG_IMAGE_MAX_BYTES, CONTENT_ERROR, PERMISSION } from "@chatsphere/contract";
import type { Config } from "../config";
import { router } from "../rpc/router";
import type { Services } from "../rpc/context";
import { toRpcError } from "../rpc/errors";
import { clientAddress } from "./client-ip";
import { isForeignCall } from "./origin-guard";
import { rpcErrorBody } from "./rpc-error";

export const RPC_PREFIX = "/rpc";

/** JSON calls and auth requests are small; 256 KB is far above any real one. */
export const RPC_BODY_MAX_BYTES = 256 * 1024;
/** The image upload gets room for its file and the multipart framing. */
const UPLOAD_PATH = `${RPC_PREFIX}/admin/uploadBlogImage`;
const UPLOAD_BODY_MAX_BYTES = BLOG_IMAGE_MAX_BYTES + 64 * 1024;

export interface RpcListenerOptions {
  config: Pick<Config, "TRUST_PROXY">;
  services: Services;
  allowedOrigins: string[];
  /** Headers every response carries (security headers). */
  headers: [string, string][];
}

/** Writes an error in the RPC error shape of SPEC §3 without involving a procedure. */
function sendError(res: ServerResponse, status: number, code: string, message: string) {
  const body = JSON.stringify(rpcErrorBody(status, code, message));
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
  const allowed = new Set(options.allowedOrigins);
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
  const uploadHandler = handlerWith(UPLOAD_BODY_MAX_BYTES);

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of options.headers) res.setHeader(name, value);
    const method = req.method ?? "GET";
    const call = {
      method,
      origin: req.headers.origin,
      fetchSite: header(req.headers["sec-fetch-site"]),
    };
    if (isForeignCall(call, allowed)) {
      return sendError(res, 403, "FORBIDDEN", PERMISSION.foreignOrigin);
    }
    const upload = (req.url ?? "").split("?")[0] === UPLOAD_PATH;
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > (upload ? UPLOAD_BODY_MAX_BYTES : RPC_BODY_MAX_BYTES)) {
      // Refused before the body is read; the client may not send the rest.
      res.setHeader("Connection", "close");
      const message = upload ? CONTENT_ERROR.imageTooLarge : "Request too large";
      return sendError(res, 413, "PAYLOAD_TOO_LARGE", message);
    }
    const session = await services.sessions.get(req.headers.cookie);
    const clientIp = clientAddress(
      header(req.headers["x-forwarded-for"]),
      req.socket.remoteAddress,
      options.config.TRUST_PROXY,
    );
    const handler = upload ? uploadHandler : callHandler;
    const { matched } = await handler.handle(req, res, {
      prefix: RPC_PREFIX,
      context: { services, session, clientIp },
    });
    if (!matched) sendError(res, 404, "NOT_FOUND", "Not found");
  };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
