/**
 * Baseline 1: a bare `ws` server, the practical limit of Node here. Clients send
 * `{"join": room}`; the publisher sends `{"room": room, "payload": message}` and the server
 * serialises the outgoing frame once and writes the same buffer to every member. Nothing
 * else: no authentication, presence, rate limits or slow-consumer checks.
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

http.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
