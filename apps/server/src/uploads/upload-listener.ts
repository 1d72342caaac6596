import type { IncomingMessage, ServerResponse } from "node:http";
import { ORPCError } from "@orpc/server";
import type { CallerSession } from "../auth/caller-session";
import { AppError } from "../errors";
import type { Services } from "../rpc/context";
import { toRpcError } from "../rpc/errors";
import { commitUpload } from "./commit-upload";
import { MULTIPART_OVERHEAD_BYTES, readRpcUpload } from "./rpc-multipart";
import { stageUpload, tooLarge } from "./store-upload";
import type { UploadRoute } from "./upload-route";

export interface UploadCaller {
  session: CallerSession | null;
  clientIp: string;
}

/** An answer in oRPC's RPC response format: the payload under `json` (no meta: plain JSON). */
function sendRpc(res: ServerResponse, status: number, json: unknown) {
  const body = JSON.stringify({ json });
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

const declaredLength = (req: IncomingMessage) => Number(req.headers["content-length"] ?? 0);

/** The route's input from the fields beside the file; 400 with the first issue's text. */
function inputOf(route: UploadRoute, fields: Record<string, unknown>): unknown {
  if (!route.input) return undefined;
  const parsed = route.input.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid input");
}

/**
 * Serves the upload procedures of the contract on Node's request objects, before oRPC: oRPC
 * would decode (buffer) the whole body before the procedure's tier runs. Here the declared
 * size and the caller's tier are checked before a byte is read, the route's input and its
 * authorization as soon as the `data` part is in and before the file part is read; then the
 * file streams to the storage with its limit counted as it arrives, and the answer has the
 * shape the oRPC client reads (`{json: output}`, or `{json: {defined, code, status,
 * message}}` for an error).
 */
export function createUploadListener(options: {
  prefix: string;
  services: Services;
  routes: readonly UploadRoute[];
}) {
  const { services } = options;
  const { storage } = services;
  const byPath = new Map(
    options.routes.map((route) => [
      `${options.prefix}/${route.procedure.replaceAll(".", "/")}`,
      route,
    ]),
  );

  async function receive(route: UploadRoute, req: IncomingMessage, caller: UploadCaller) {
    if (req.method !== "POST") throw new ORPCError("METHOD_NOT_SUPPORTED");
    const maxBodyBytes = route.maxBytes + MULTIPART_OVERHEAD_BYTES;
    if (declaredLength(req) > maxBodyBytes) throw tooLarge(route);
    const session = route.tier(caller.session, route.procedure);
    const receivedAt = Date.now();
    let input: unknown;
    const staged = await readRpcUpload(req, {
      field: route.field,
      maxBodyBytes,
      tooLarge: () => tooLarge(route),
      admit: async (fields) => {
        input = inputOf(route, fields);
        await route.authorize?.(session, input, services);
      },
      onFile: (file) => stageUpload(storage, route, file),
      abandon: (upload) => upload.file.discard(),
    });
    return commitUpload(storage, route, staged, { caller: session, input, receivedAt });
  }

  return {
    /** The upload route a request is for (by its normalised path, as oRPC matches it), or null. */
    routeOf(url: string | undefined): UploadRoute | null {
      const { pathname } = new URL(url ?? "/", "http://upload.invalid");
      return byPath.get(pathname) ?? null;
    },

    async handle(
      route: UploadRoute,
      req: IncomingMessage,
      res: ServerResponse,
      caller: UploadCaller,
    ) {
      try {
        sendRpc(res, 200, await receive(route, req, caller));
      } catch (error) {
        const refusal = toRpcError(error, services.logger);
        // A refused body is not read on: the connection closes after the answer is written.
        if (!req.complete) res.setHeader("Connection", "close");
        sendRpc(res, refusal.status, refusal.toJSON());
      }
    },
  };
}
