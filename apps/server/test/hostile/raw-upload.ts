import { once } from "node:events";
import { request, type IncomingMessage } from "node:http";
import { ORIGIN } from "../harness";

/*
 * An upload spoken over a raw node:http request in the oRPC client's multipart wire format,
 * sent a part at a time: an answer that arrives while the body is unfinished proves that the
 * server decided without waiting for (or reading) the rest.
 */

export const BOUNDARY = "hostile-media-boundary";

/** The `data` part oRPC's client sends first: the input, with the file's place in it. */
export const dataPart = (json: Record<string, unknown>, field: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n` +
      `${JSON.stringify({ json: { ...json, [field]: {} }, maps: [[field]] })}\r\n`,
  );

/** The boundary that ends the data part (a part parser needs it to know the part ended). */
export const nextPartBoundary = Buffer.from(`--${BOUNDARY}\r\n`);

/** The headers of the file part ("0"), up to its first byte. */
export const filePartStart = (fileName: string, type: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );

export interface Answer {
  status: number;
  connection: string | undefined;
  json: unknown;
}

/**
 * Starts an upload to `url`: headers (with `declaredLength` as Content-Length, or chunked
 * without it) and `first`, then nothing more until `feed` says so. `answer` resolves with the
 * response whenever it comes, and fails after 5 s (a server waiting for the rest).
 */
export function startUpload(
  url: string,
  options: { cookie?: string; declaredLength?: number; first: Buffer },
) {
  const headers: Record<string, string | number> = {
    origin: ORIGIN,
    "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.declaredLength !== undefined) headers["content-length"] = options.declaredLength;
  const req = request(url, { method: "POST", headers });
  req.on("error", () => undefined); // the server may close while we still write
  const response = (async (): Promise<Answer> => {
    const [res] = (await once(req, "response")) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const json: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return { status: res.statusCode ?? 0, connection: res.headers.connection, json };
  })();
  const answer = Promise.race([
    response,
    new Promise<never>((_, reject) => {
      const why = "no answer within 5 s: the server waits for the rest of the body";
      setTimeout(() => reject(new Error(why)), 5_000).unref();
    }),
  ]);
  req.write(options.first);
  let isAnswered = false;
  answer.then(
    () => (isAnswered = true),
    () => undefined,
  );
  /** Writes `chunk` until the server answers or `maxBytes` are sent; returns what was sent. */
  async function feed(chunk: Buffer, maxBytes: number) {
    let sent = 0;
    while (!isAnswered && sent < maxBytes && !req.destroyed) {
      if (!req.write(chunk)) await Promise.race([once(req, "drain"), answer]).catch(() => null);
      sent += chunk.byteLength;
    }
    return sent;
  }
  return { answer, feed, abort: () => req.destroy() };
}

export const refusal = (status: number, code: string, message: string) => ({
  json: { defined: false, code, status, message },
});
