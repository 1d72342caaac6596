import { io, type Socket } from "socket.io-client";
import { WebSocket } from "ws";
import {
  roomChannel,
  userChannel,
  type ChatMessage,
  type EventFrame,
  type ResultFrame,
  type ServerFrame,
} from "@chatsphere/contract";
import { stampOfContent, stampOfFrame, type ClientSpec, type Target } from "./protocol";

/** What a client reports to its worker. */
export interface Sink {
  /** A broadcast message arrived; `sentUs` is its send time (monotonic µs). */
  delivery(sentUs: number): void;
  /** Any other event frame (ours: the stranger events). */
  event(spec: ClientSpec, frame: EventFrame): void;
  closed(code: string): void;
}

export interface BenchSocket {
  readonly spec: ClientSpec;
  close(): void;
  /**
   * Sends a chat message over this socket (ours: a `message.send` call frame; the Socket.IO +
   * PostgreSQL baseline: its `message` event) and resolves when the server acknowledged it.
   */
  sendMessage?(roomId: string, content: string): Promise<void>;
}

/** How long a send over a socket may wait for its answer. */
const CALL_TIMEOUT_MS = 10_000;

/** Ours' answer to a call frame starts so (calls.ts serialises `type` first). */
const RESULT_PREFIX = Buffer.from('{"type":"result"');
const isResult = (frame: Buffer) =>
  frame.length > RESULT_PREFIX.length &&
  frame.compare(RESULT_PREFIX, 0, RESULT_PREFIX.length, 0, RESULT_PREFIX.length) === 0;

const SETUP_TIMEOUT_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, what: string, ms = SETUP_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A raw WebSocket client (ours and the bare ws baseline send the very same message frames).
 * Message frames are timed without parsing; other frames are parsed and can be waited for.
 */
class RawClient implements BenchSocket {
  private waiters: {
    match: (f: ServerFrame) => boolean;
    resolve: (f: ServerFrame) => void;
    reject: (error: Error) => void;
  }[] = [];
  private nextCallId = 0;
  private readonly calls = new Map<number, { resolve(): void; reject(error: Error): void }>();

  constructor(
    readonly spec: ClientSpec,
    private readonly ws: WebSocket,
    private readonly sink: Sink,
  ) {
    ws.on("message", (data: Buffer) => {
      // A call's answer carries the sent message (and its stamp) but is no delivery.
      if (isResult(data)) return this.result(JSON.parse(data.toString()) as ResultFrame);
      const stamp = stampOfFrame(data);
      if (stamp >= 0) return sink.delivery(stamp);
      this.control(JSON.parse(data.toString()) as ServerFrame);
    });
  }

  static open(url: string, headers: Record<string, string>, spec: ClientSpec, sink: Sink) {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false, skipUTF8Validation: true });
    const client = new RawClient(spec, ws, sink);
    const opened = new Promise<RawClient>((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("unexpected-response", (_req, res) => {
        reject(new Error(`upgrade refused: ${res.statusCode}`));
        ws.terminate();
      });
      ws.once("error", reject);
    });
    ws.once("close", (code) => {
      sink.closed(String(code));
      for (const waiter of client.waiters) waiter.reject(new Error(`closed: ${code}`));
      client.waiters = [];
      for (const call of client.calls.values()) call.reject(new Error(`closed: ${code}`));
      client.calls.clear();
    });
    // After the handshake errors only precede a close, which is counted.
    ws.on("error", () => undefined);
    return { client, opened };
  }

  /** Resolves once a frame matching `match` arrives (set up before sending the request). */
  next(match: (f: ServerFrame) => boolean, what: string) {
    return withTimeout(
      new Promise<ServerFrame>((resolve, reject) => this.waiters.push({ match, resolve, reject })),
      what,
    );
  }

  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }

  close() {
    this.ws.terminate();
  }

  /** Ours: `message.send` as a call frame over this socket (decision 0030). */
  sendMessage(roomId: string, content: string) {
    const id = this.nextCallId++;
    const answered = new Promise<void>((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
    });
    this.send({ type: "call", id, procedure: "message.send", input: { roomId, content } });
    return withTimeout(answered, `message.send call ${id}`, CALL_TIMEOUT_MS).finally(() =>
      this.calls.delete(id),
    );
  }

  private result(frame: ResultFrame) {
    const call = this.calls.get(frame.id);
    if (!call) return;
    this.calls.delete(frame.id);
    if (frame.error) {
      call.reject(
        new Error(`message.send: ${frame.error.status} ${frame.error.code} ${frame.error.message}`),
      );
    } else {
      call.resolve();
    }
  }

  private control(frame: ServerFrame) {
    if (frame.type === "event") this.sink.event(this.spec, frame);
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(frame)) return true;
      w.resolve(frame);
      return false;
    });
  }
}

/** Runs a client's setup; a client that failed it is closed, not left half open. */
async function setUp<T extends BenchSocket>(client: T, steps: () => Promise<unknown>) {
  try {
    await steps();
    return client;
  } catch (error) {
    client.close();
    throw error;
  }
}

/** Ours: cookie + Origin on the handshake, `welcome`, then `sub` each channel. */
function openOurs(url: string, origin: string, spec: ClientSpec, sink: Sink) {
  const headers: Record<string, string> = { origin, cookie: spec.cookie ?? "" };
  if (spec.ip) headers["x-forwarded-for"] = spec.ip;
  const { client, opened } = RawClient.open(url, headers, spec, sink);
  const welcome = client.next((f) => f.type === "welcome", "welcome");
  welcome.catch(() => undefined); // awaited below, unless the handshake fails first
  const channels = spec.rooms.map(roomChannel);
  if (spec.userChannel && spec.userId) channels.push(userChannel(spec.userId));
  return setUp(client, async () => {
    await withTimeout(opened, "handshake");
    await welcome;
    await Promise.all(
      channels.map(async (channel) => {
        const answered = client.next(
          (f) => (f.type === "subscribed" || f.type === "error") && f.channel === channel,
          `subscribed ${channel}`,
        );
        client.send({ type: "sub", channel });
        const answer = await answered;
        if (answer.type === "error") throw new Error(`sub ${channel}: ${answer.code}`);
      }),
    );
  });
}

/** The bare ws baseline: `{"join": room}` answered by `{"joined": room}`. */
function openBareWs(url: string, spec: ClientSpec, sink: Sink) {
  const { client, opened } = RawClient.open(url, {}, spec, sink);
  return setUp(client, async () => {
    await withTimeout(opened, "handshake");
    await Promise.all(
      spec.rooms.map((room) => {
        const joined = client.next(
          (f) => (f as unknown as { joined?: string }).joined === room,
          `joined ${room}`,
        );
        client.send({ join: room });
        return joined;
      }),
    );
  });
}

/** The Socket.IO + PostgreSQL baseline's acknowledgements: `{ ok: true }` or `{ error }`. */
interface BaselineAck {
  ok?: boolean;
  error?: string;
}

class SocketIoClient implements BenchSocket {
  constructor(
    readonly spec: ClientSpec,
    readonly socket: Socket,
  ) {}

  close() {
    this.socket.disconnect();
  }

  /** The Socket.IO + PostgreSQL baseline: its `message` event, acknowledged once stored. */
  async sendMessage(roomId: string, content: string) {
    const ack = (await this.socket
      .timeout(CALL_TIMEOUT_MS)
      .emitWithAck("message", { roomId, content })) as BaselineAck;
    if (!ack.ok) throw new Error(`message: ${ack.error ?? "refused"}`);
  }
}

/**
 * The Socket.IO baselines: websocket transport only, `join` with an acknowledgement. The one
 * with PostgreSQL also takes the session token in the handshake and answers a join with
 * `{ ok: true }` (a member) or `{ error }`.
 */
function openSocketIo(url: string, spec: ClientSpec, sink: Sink) {
  const socket = io(url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    timeout: SETUP_TIMEOUT_MS,
    ...(spec.token ? { auth: { token: spec.token } } : {}),
  });
  socket.on("message", (message: ChatMessage) => sink.delivery(stampOfContent(message.content)));
  return setUp(new SocketIoClient(spec, socket), async () => {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      }),
      "connect",
    );
    socket.on("disconnect", (reason) => sink.closed(reason));
    await Promise.all(
      spec.rooms.map(async (room) => {
        const ack = (await withTimeout(socket.emitWithAck("join", room), `join ${room}`)) as
          BaselineAck | undefined;
        if (ack?.error) throw new Error(`join ${room}: ${ack.error}`);
      }),
    );
  });
}

export function openClient(
  target: Target,
  url: string,
  origin: string,
  spec: ClientSpec,
  sink: Sink,
): Promise<BenchSocket> {
  switch (target) {
    case "ours":
      return openOurs(url, origin, spec, sink);
    case "bare-ws":
    case "bare-ws-redis":
      return openBareWs(url, spec, sink);
    case "socketio":
    case "socketio-pg":
      return openSocketIo(url, spec, sink);
  }
}
