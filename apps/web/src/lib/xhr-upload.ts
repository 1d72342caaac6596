import type { RawAnswer } from "./rpc-multipart";

export interface UploadOptions {
  /** Called as the body goes out: 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

const abortError = () => new DOMException("The upload was cancelled.", "AbortError");

export const isAbortError = (error: unknown) =>
  error instanceof DOMException && error.name === "AbortError";

/**
 * POSTs a body with XMLHttpRequest, because fetch cannot report upload progress. Same-origin
 * with cookies, like the RPC client. Resolves with any HTTP answer (the caller reads refusals);
 * rejects when no answer came: a TypeError for the network (as fetch would, so it reads as a
 * network failure without a status) and an AbortError when the signal aborted.
 */
export function xhrUpload(url: string, body: FormData, options: UploadOptions = {}) {
  const { onProgress, signal } = options;
  return new Promise<RawAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError("The upload failed: no answer from the server."));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbortSignal, { once: true });
    xhr.send(body);
  });
}
