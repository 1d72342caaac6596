/**
 * Baseline 1: a bare `ws` server, the practical limit of Node here. Clients send
 * `{"join": room}`; the publisher sends `{"room": room, "payload": message}` and the server
 * serialises the outgoing frame once and writes the same buffer to every member. Nothing
 * else: no authentication, presence, rate limits or slow-consumer checks.
 *
 * With BENCH_REDIS_URL and BENCH_REDIS_PREFIX it is the latency control: it also takes every
 * `${prefix}room:{id}` message from Redis and writes its bytes, unchanged, to the room's
 * members, the trigger ours gets in the fan-out.
 */
import { createServer } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";

const rooms = new Map<string, Set<WebSocket>>();
const TEXT = { binary: false } as const;

const http = createServer((req, res) => {
  res.writeHead(req.url === "/healthz" ? 200 : 404).end();
});
const wss = new WebSocketServer({
  server: http,
  path: "/ws",
  perMessageDeflate: false,
  clientTracking: false,
});

wss.on("connection", (ws) => {
  const joined = new Set<string>();
  ws.on("message", (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as {
      join?: string;
      room?: string;
      payload?: unknown;
    };
    if (typeof frame.join === "string") {
      let members = rooms.get(frame.join);
      if (!members) rooms.set(frame.join, (members = new Set()));
      members.add(ws);
      joined.add(frame.join);
      ws.send(JSON.stringify({ joined: frame.join }));
    } else if (typeof frame.room === "string") {
      const members = rooms.get(frame.room);
      if (!members) return;
      const channel = `room:${frame.room}`;
      const out = Buffer.from(
        JSON.stringify({ type: "event", channel, event: "message", payload: frame.payload }),
      );
      for (const member of members) member.send(out, TEXT);
    }
  });
  ws.on("error", () => ws.terminate());
  ws.once("close", () => {
    for (const room of joined) rooms.get(room)?.delete(ws);
  });
});

const redisUrl = process.env.BENCH_REDIS_URL;
const redisPrefix = process.env.BENCH_REDIS_PREFIX;
if (redisUrl && redisPrefix) {
  const { Redis } = await import("ioredis");
  const subscriber = new Redis(redisUrl);
  const roomAt = `${redisPrefix}room:`.length;
  subscriber.on("pmessageBuffer", (_pattern: Buffer, channel: Buffer, data: Buffer) => {
    const members = rooms.get(channel.toString("utf8", roomAt));
    if (!members) return;
    for (const member of members) member.send(data, TEXT);
  });
  await subscriber.psubscribe(`${redisPrefix}room:*`);
}

http.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
