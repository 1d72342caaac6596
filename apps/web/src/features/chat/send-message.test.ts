import { ORPCError } from "@orpc/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PERMISSION, TOAST, type ChatMessage, type SendMessageInput } from "@chatsphere/contract";
import { sendFailureText } from "./refusal-text";
import { sendWithRetry } from "./send-retry";

/*
 * message.send goes over the tab's socket when it is open (decision 0032), and must behave
 * exactly as over HTTP for the chat: a send lost with the socket is retried with the same
 * clientId, and a refusal reads the same.
 */

const httpSend = vi.fn<(input: SendMessageInput) => Promise<ChatMessage>>();
vi.mock("@/lib/rpc", () => ({ rpc: { message: { send: httpSend } } }));

/** A stand-in for the browser's WebSocket that records the call frames the client sends. */
class FakeSocket {
  static OPEN = 1;
  static current: FakeSocket | null = null;
  readyState = 0;
  sent: { id: number; input: SendMessageInput }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.current = this;
  }
  send(data: string) {
    const frame = JSON.parse(data) as { type: string; id: number; input: SendMessageInput };
    if (frame.type === "call") this.sent.push(frame);
  }
  close() {
    this.drop();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

const socket = () => {
  if (!FakeSocket.current) throw new Error("no socket");
  return FakeSocket.current;
};

const stored = (input: SendMessageInput): ChatMessage => ({
  id: `m-${input.clientId ?? "none"}`,
  roomId: input.roomId,
  content: input.content,
  senderId: "u",
  sender: { id: "u", name: "U", image: null },
  createdAt: "2030-01-01T00:00:00.000Z",
  media: null,
});

beforeEach(() => {
  // A fresh app realtime client per test; timers faked so no reconnect outlives its test.
  vi.resetModules();
  vi.useFakeTimers();
  vi.stubGlobal("window", {
    addEventListener: () => undefined,
    location: { protocol: "http:", host: "test" },
  });
  vi.stubGlobal("WebSocket", FakeSocket);
  httpSend.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The app's realtime client with its socket open and welcomed (a chat holds its room). */
async function openRealtime() {
  const { realtime } = await import("@/lib/realtime/hooks");
  const release = realtime.acquire("room:r1", {});
  socket().readyState = 1;
  socket().onopen?.();
  socket().receive({ type: "welcome", userId: "u", heartbeatMs: 25_000 });
  return release;
}

describe("sending a message over the socket", () => {
  it("retries a send lost with the socket over HTTP with the same clientId, once stored", async () => {
    const release = await openRealtime();
    const { sendMessage } = await import("./send-message");
    httpSend.mockImplementation(async (input) => stored(input));
    const input = { roomId: "r1", content: "hello", clientId: "c-lost" };
    const sending = sendWithRetry(() => sendMessage(input), { wait: async () => {} });
    expect(socket().sent.map((f) => f.input)).toEqual([input]);
    socket().drop();
    await expect(sending).resolves.toEqual(stored(input));
    expect(httpSend.mock.calls).toEqual([[input]]);
    release();
  });

  it("shows the same text for a refusal whichever way the send went", async () => {
    const release = await openRealtime();
    const { sendMessage } = await import("./send-message");
    const input = { roomId: "r1", content: "hi", clientId: "c-refused" };
    for (const message of [PERMISSION.notRoomMember, TOAST.dmLimit, PERMISSION.rateLimited]) {
      const status = message === PERMISSION.rateLimited ? 429 : 403;
      const code = status === 429 ? "TOO_MANY_REQUESTS" : "FORBIDDEN";
      const overSocket = sendMessage(input).catch((e: unknown) => e);
      const id = socket().sent.at(-1)?.id;
      socket().receive({ type: "result", id, error: { code, status, message } });
      const httpRefusal = new ORPCError(code, { status, message });
      expect(sendFailureText(await overSocket)).toBe(sendFailureText(httpRefusal));
    }
    expect(httpSend).not.toHaveBeenCalled();
    release();
  });
});
