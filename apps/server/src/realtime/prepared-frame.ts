import type { WebSocket } from "ws";

/** FIN + opcode 1 (text): a whole text message in one frame (RFC 6455 §5.2). */
const FIN_TEXT = 0x81;

/**
 * A server-to-client text frame (FIN, opcode 1, unmasked), header and payload in one buffer.
 * A broadcast builds it once; every subscriber on this process gets the same bytes.
 */
export function prepareTextFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** What `ws` 8.23 (pinned) keeps in a WebSocket's sender; see decision 0011. */
interface SenderInternals {
  _state: number;
  _queue: unknown[];
  sendFrame(list: Buffer[], cb?: () => void): void;
}

/** The sender's idle state: nothing queued behind a compression or a Blob read. */
const SENDER_IDLE = 0;

/**
 * Writes a prepared frame to the socket through the WebSocket's own sender, the way
 * Socket.IO's pre-encoded frames do: one `socket.write` of shared bytes instead of a new
 * header, an options object and a corked two-buffer write per subscriber. When the sender
 * has anything queued (it never does with compression off and no Blobs, but the order of
 * frames must hold), it falls back to a normal send of the payload.
 */
export function writePreparedFrame(ws: WebSocket, frame: Buffer, payload: Buffer) {
  const sender = (ws as unknown as { _sender?: SenderInternals })._sender;
  if (sender && sender._state === SENDER_IDLE && sender._queue.length === 0) {
    sender.sendFrame([frame]);
    return;
  }
  ws.send(payload, { binary: false });
}
