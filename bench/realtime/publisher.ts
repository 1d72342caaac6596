import { Redis } from "ioredis";
import { io } from "socket.io-client";
import { WebSocket } from "ws";
import { roomChannel } from "@chatsphere/contract";
import { benchMessage, type Target } from "./protocol";
import { REDIS_URL, type RunningServer } from "./servers";
import { nowUs } from "./stats";

/** Triggers one broadcast of a 100-byte message to a room. */
export interface Publisher {
  publish(roomId: string, seq: number): void;
  close(): Promise<void>;
}

/**
 * Ours: one Redis PUBLISH per broadcast on `${prefix}room:{id}`, carrying exactly the bytes a
 * peer process's `message.send` publishes. The server under test then does what every node
 * of a multi-node deployment does for a message sent elsewhere: hand the same bytes to each
 * local subscriber. Commands of one tick go out as one pipeline (ioredis auto-pipelining).
 */
async function redisPublisher(prefix: string): Promise<Publisher> {
  const redis = new Redis(REDIS_URL, { enableAutoPipelining: true, lazyConnect: true });
  await redis.connect();
  return {
    publish(roomId, seq) {
      const channel = roomChannel(roomId);
      const payload = benchMessage(roomId, seq, nowUs());
      const frame = JSON.stringify({ type: "event", channel, event: "message", payload });
      void redis.publish(prefix + channel, frame);
    },
    async close() {
      await redis.quit();
    },
  };
}

/** Bare ws: a publisher connection sends `{"room", "payload"}` frames. */
async function wsPublisher(url: string): Promise<Publisher> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    publish(roomId, seq) {
      ws.send(JSON.stringify({ room: roomId, payload: benchMessage(roomId, seq, nowUs()) }));
    },
    async close() {
      ws.terminate();
    },
  };
}

/** Socket.IO: a publisher socket (not a member of any room) emits `pub`. */
async function socketIoPublisher(url: string): Promise<Publisher> {
  const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return {
    publish(roomId, seq) {
      socket.emit("pub", roomId, benchMessage(roomId, seq, nowUs()));
    },
    async close() {
      socket.disconnect();
    },
  };
}

export function createPublisher(server: RunningServer, redisPrefix?: string): Promise<Publisher> {
  const target: Target = server.target;
  switch (target) {
    case "ours":
      if (!redisPrefix) throw new Error("ours is measured with Redis (a REDIS_PREFIX)");
      return redisPublisher(redisPrefix);
    case "bare-ws":
      return wsPublisher(server.socketUrl);
    case "bare-ws-redis":
      if (!redisPrefix) throw new Error("the Redis control needs a REDIS_PREFIX");
      return redisPublisher(redisPrefix);
    case "socketio":
      return socketIoPublisher(server.socketUrl);
    case "socketio-pg":
      throw new Error("the Socket.IO + PostgreSQL baseline is driven by its members' sends");
  }
}

/**
 * Sends `perSecond` calls of `send` at an even pace (checked every millisecond), spreading
 * them round-robin over `rooms`. If the generator falls behind it sends at most 50 ms worth
 * at once and drops the rest, so a stall does not turn into one huge burst.
 */
export class Pacer {
  sent = 0;
  dropped = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly perSecond: number,
    private readonly rooms: string[],
    private readonly send: (roomId: string, seq: number) => void,
  ) {}

  start() {
    const startedUs = nowUs();
    const maxBurst = Math.max(1, Math.ceil(this.perSecond * 0.05));
    let scheduled = 0;
    const tick = () => {
      const due = Math.floor(((nowUs() - startedUs) / 1e6) * this.perSecond) - scheduled;
      const now = Math.min(due, maxBurst);
      this.dropped += due - now;
      scheduled += due;
      for (let i = 0; i < now; i++) {
        const seq = this.sent++;
        this.send(this.rooms[seq % this.rooms.length] ?? "", seq);
      }
    };
    this.timer = setInterval(tick, 1);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
