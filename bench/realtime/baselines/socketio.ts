/**
 * Baseline 2: Socket.IO with its defaults (in-memory adapter), what a user would pick
 * instead. Clients `join` a room (acknowledged); the publisher emits `pub` and the server
 * broadcasts with `io.to(room).emit("message", payload)`, which encodes the packet once.
 */
import { createServer } from "node:http";
import { Server } from "socket.io";

// Socket.IO answers its own path (/socket.io/) before this handler sees anything.
const http = createServer((req, res) => {
  res.writeHead(req.url === "/healthz" ? 200 : 404).end();
});
const io = new Server(http);

io.on("connection", (socket) => {
  socket.on("join", (room: string, ack?: () => void) => {
    void socket.join(room);
    ack?.();
  });
  socket.on("pub", (room: string, payload: unknown) => {
    io.to(room).emit("message", payload);
  });
});

http.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
