import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { z } from "zod";
import { CONTENT_ERROR } from "@chatsphere/contract";
import { AppError } from "../errors";
import type { IncomingFile } from "./store-upload";

/** The `data` part is the input's JSON with the file's place in it: a few dozen bytes. */
const DATA_FIELD_MAX_BYTES = 16 * 1024;
/** What a multipart body may carry beyond the file: the data part, part headers, boundaries. */
export const MULTIPART_OVERHEAD_BYTES = DATA_FIELD_MAX_BYTES + 16 * 1024;

/*
 * oRPC's RPC link sends an input holding a File as multipart form data (StandardRPCSerializer):
 * first a field `data` = {"json":{"image":{}},"maps":[["image"]]} saying where each blob goes,
 * then the blobs as files named "0", "1", ... An upload route takes exactly one file.
 */
const rpcFormData = z.object({
  json: z.record(z.string(), z.unknown()),
  maps: z.tuple([z.tuple([z.string()])]),
});

function describesOneFile(value: string, field: string): boolean {
  try {
    const parsed = rpcFormData.safeParse(JSON.parse(value));
    return parsed.success && parsed.data.maps[0][0] === field && field in parsed.data.json;
  } catch {
    return false;
  }
}

export interface RpcUploadOptions<T> {
  field: string;
  /** The whole body's bound (file plus MULTIPART_OVERHEAD_BYTES), counted as it arrives. */
  maxBodyBytes: number;
  tooLarge: () => Error;
  /** Receives the file; it must read the stream to its end or fail. */
  onFile: (file: IncomingFile) => Promise<T>;
  /** Undoes a finished `onFile` when the rest of the request turns out bad. */
  abandon: (value: T) => Promise<void>;
}

/**
 * Streams an upload in oRPC's multipart wire format through busboy, handing the one file to
 * `onFile` as it arrives (nothing is buffered beyond busboy's chunks). Resolves when the whole
 * body was well-formed; otherwise stops reading and rejects once `onFile` has settled and its
 * result was abandoned, so no staged bytes outlive a refusal.
 */
export function readRpcUpload<T>(req: IncomingMessage, options: RpcUploadOptions<T>): Promise<T> {
  const unreadable = () => new AppError("BAD_REQUEST", CONTENT_ERROR.uploadUnreadable);
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        limits: { files: 1, fields: 1, fieldSize: DATA_FIELD_MAX_BYTES },
      });
    } catch {
      reject(unreadable());
      return;
    }
    let described = false;
    let fileStream: Readable | null = null;
    let received: Promise<T> | null = null;
    let settled = false;
    let bodyBytes = 0;

    const detach = () => {
      req.unpipe(parser);
      req.off("data", countBody);
      req.off("close", onClose);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      detach();
      fileStream?.destroy();
      const undone = received?.then(options.abandon, () => undefined) ?? Promise.resolve();
      void undone.catch(() => undefined).then(() => reject(error));
    };
    const countBody = (chunk: Buffer) => {
      bodyBytes += chunk.byteLength;
      if (bodyBytes > options.maxBodyBytes) fail(options.tooLarge());
    };
    const onClose = () => {
      if (!req.complete) fail(unreadable());
    };

    parser.on("field", (name, value, info) => {
      if (name === "data" && !info.valueTruncated && describesOneFile(value, options.field)) {
        described = true;
        return;
      }
      fail(unreadable());
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "0" || !described || received) {
        stream.resume();
        fail(unreadable());
        return;
      }
      fileStream = stream;
      received = options.onFile({ name: info.filename ?? "", bytes: stream });
      received.catch(fail);
    });
    parser.on("filesLimit", () => fail(unreadable()));
    parser.on("fieldsLimit", () => fail(unreadable()));
    parser.on("error", () => fail(unreadable()));
    parser.on("close", () => {
      if (!received) return fail(unreadable());
      received.then((value) => {
        if (settled) return;
        settled = true;
        detach();
        resolve(value);
      }, fail);
    });
    req.on("data", countBody);
    req.on("close", onClose);
    req.pipe(parser);
  });
}
