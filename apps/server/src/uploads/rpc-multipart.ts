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
 * first a field `data` = {"json":{"roomId":"r1","file":{}},"maps":[["file"]]} holding the
 * input with the file's place in it, then the blobs as files named "0", "1", ... An upload
 * route takes exactly one file; the other fields of `json` are the route's input.
 */
const rpcFormData = z.object({
  json: z.record(z.string(), z.unknown()),
  maps: z.tuple([z.tuple([z.string()])]),
});

/** The input's fields beside the file, or null when `data` does not describe one file at `field`. */
function fieldsBesideFile(value: string, field: string): Record<string, unknown> | null {
  try {
    const parsed = rpcFormData.safeParse(JSON.parse(value));
    if (!parsed.success || parsed.data.maps[0][0] !== field || !(field in parsed.data.json)) {
      return null;
    }
    const { [field]: _file, ...fields } = parsed.data.json;
    return fields;
  } catch {
    return null;
  }
}

export interface RpcUploadOptions<T> {
  field: string;
  /** The whole body's bound (file plus MULTIPART_OVERHEAD_BYTES), counted as it arrives. */
  maxBodyBytes: number;
  tooLarge: () => Error;
  /**
   * Receives the input's other fields when `data` arrives. Nothing more of the body is read
   * until it resolves, and the file is never read when it rejects (the refusal).
   */
  admit: (fields: Record<string, unknown>) => Promise<void>;
  /** Receives the file; it must read the stream to its end or fail. */
  onFile: (file: IncomingFile) => Promise<T>;
  /** Undoes a finished `onFile` when the rest of the request turns out bad. */
  abandon: (value: T) => Promise<void>;
}

/**
 * Streams an upload in oRPC's multipart wire format through busboy, handing the one file to
 * `onFile` as it arrives (nothing is buffered beyond busboy's chunks). The request is fed to
 * busboy by hand rather than piped, so that it can be held while `admit` decides. Resolves
 * when the whole body was well-formed; otherwise stops reading and rejects once `onFile` has
 * settled and its result was abandoned, so no staged bytes outlive a refusal.
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
    let admitted: Promise<void> | null = null;
    let isHeld = false;
    let fileStream: Readable | null = null;
    let received: Promise<T> | null = null;
    let settled = false;
    let bodyBytes = 0;

    const detach = () => {
      req.off("data", feed);
      req.off("end", endParser);
      req.off("close", onClose);
      req.pause();
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      detach();
      fileStream?.destroy();
      const undone = received?.then(options.abandon, () => undefined) ?? Promise.resolve();
      void undone.catch(() => undefined).then(() => reject(error));
    };
    function feed(chunk: Buffer) {
      bodyBytes += chunk.byteLength;
      if (bodyBytes > options.maxBodyBytes) return fail(options.tooLarge());
      if (!parser.write(chunk) || isHeld) req.pause();
    }
    const resumeFeeding = () => {
      if (!settled && !isHeld && !parser.writableNeedDrain) req.resume();
    };
    function endParser() {
      parser.end();
    }
    function onClose() {
      if (!req.complete) fail(unreadable());
    }

    parser.on("field", (name, value, info) => {
      const fields =
        name === "data" && !info.valueTruncated ? fieldsBesideFile(value, options.field) : null;
      if (!fields || admitted) return fail(unreadable());
      isHeld = true;
      req.pause();
      admitted = options.admit(fields).then(() => {
        isHeld = false;
        resumeFeeding();
      });
      admitted.catch(fail);
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "0" || !admitted || received) {
        stream.resume();
        fail(unreadable());
        return;
      }
      fileStream = stream;
      const file = { name: info.filename ?? "", bytes: stream };
      // Not a byte of the file is read before the caller was admitted.
      received = admitted.then(() => options.onFile(file));
      received.catch(fail);
    });
    parser.on("filesLimit", () => fail(unreadable()));
    parser.on("fieldsLimit", () => fail(unreadable()));
    parser.on("error", () => fail(unreadable()));
    parser.on("drain", resumeFeeding);
    parser.on("close", () => {
      if (!received) return fail(unreadable());
      received.then((value) => {
        if (settled) return;
        settled = true;
        detach();
        resolve(value);
      }, fail);
    });
    req.on("data", feed);
    req.on("end", endParser);
    req.on("close", onClose);
  });
}
