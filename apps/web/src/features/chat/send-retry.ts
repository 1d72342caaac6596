import { backoffDelay } from "@/lib/realtime/backoff";
import { rpcErrorStatus } from "@/lib/rpc-error";

/** One send is tried this often in all: the first try and three retries, ~4 s at most. */
export const SEND_ATTEMPTS = 4;

/**
 * Failures after which the message may or may not have been stored: the request or its
 * answer was lost on the way (no HTTP status), or a proxy could not reach the server. A
 * retry with the same clientId is safe then. Refusals (4xx, 500) would only fail again.
 */
export function isNetworkFailure(error: unknown): boolean {
  const status = rpcErrorStatus(error);
  return status === null || status === 502 || status === 503 || status === 504;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `send` until it succeeds, fails for a reason other than the network, or gives up. */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  options: { attempts?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const { attempts = SEND_ATTEMPTS, wait = sleep } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attempts || !isNetworkFailure(error)) throw error;
      await wait(backoffDelay(attempt - 1));
    }
  }
}

/**
 * A fresh clientId for one message (32 hex digits). Not crypto.randomUUID: browsers offer it
 * only on https and localhost, and the app is also opened at plain-http LAN addresses.
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
