import { describe, expect, it } from "vitest";
import { MESSAGE_CLIENT_ID_MAX_LENGTH } from "@chatsphere/contract";
import { newClientId, SEND_ATTEMPTS, sendWithRetry } from "./send-retry";

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
const noWait = async () => {};

/** A send that fails with the given errors in turn, then succeeds; it counts its calls. */
function flakySend(...failures: Error[]) {
  const calls: number[] = [];
  const send = async () => {
    calls.push(calls.length + 1);
    const failure = failures[calls.length - 1];
    if (failure) throw failure;
    return "stored";
  };
  return { send, calls };
}

describe("sending with retries", () => {
  it("retries a send lost on the network until it gets through", async () => {
    const { send, calls } = flakySend(new TypeError("Failed to fetch"), httpError(503));
    await expect(sendWithRetry(send, { wait: noWait })).resolves.toBe("stored");
    expect(calls).toHaveLength(3);
  });

  it("waits longer before each retry", async () => {
    const waits: number[] = [];
    const { send } = flakySend(new TypeError("offline"), new TypeError("offline"));
    await sendWithRetry(send, { wait: async (ms) => void waits.push(ms) });
    const [first = 0, second = 0] = waits;
    expect(waits).toHaveLength(2);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThanOrEqual(first);
  });

  it("gives up after a few attempts and reports the last failure", async () => {
    const offline = Array.from({ length: 10 }, () => new TypeError("offline"));
    const { send, calls } = flakySend(...offline);
    await expect(sendWithRetry(send, { wait: noWait })).rejects.toThrow("offline");
    expect(calls).toHaveLength(SEND_ATTEMPTS);
  });

  it("does not retry a refusal: 403, 409 and 429 would only fail again", async () => {
    for (const status of [403, 409, 429, 500]) {
      const { send, calls } = flakySend(httpError(status));
      await expect(sendWithRetry(send, { wait: noWait })).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(1);
    }
  });
});

describe("client ids", () => {
  it("are new for every message and fit the server's rule", () => {
    const ids = new Set(Array.from({ length: 100 }, newClientId));
    expect(ids.size).toBe(100);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(id.length).toBeLessThanOrEqual(MESSAGE_CLIENT_ID_MAX_LENGTH);
    }
  });
});
