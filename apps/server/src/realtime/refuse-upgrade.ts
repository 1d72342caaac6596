import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

/** Answers an upgrade request with a plain HTTP error and closes the socket: no WebSocket. */
export function refuseUpgrade(socket: Duplex, status: number, message: string) {
  if (!socket.writable || socket.destroyed) {
    socket.destroy();
    return;
  }
  const body = Buffer.from(message);
  socket.once("finish", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n` +
      "Connection: close\r\n" +
      "Content-Type: text/plain; charset=utf-8\r\n" +
      `Content-Length: ${body.length}\r\n\r\n${message}`,
  );
}
