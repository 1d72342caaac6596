/*
 * RESP2, the Redis protocol, as much of it as a pub/sub connection meets
 * (https://redis.io/docs/latest/develop/reference/protocol-spec/): replies are simple strings
 * (+), errors (-), integers (:), bulk strings ($, -1 for none) and arrays (*) of those.
 */

const CR = 13;
const PLUS = 43;
const MINUS = 45;
const COLON = 58;
const DOLLAR = 36;
const STAR = 42;
const ZERO = 48;

export type Reply = string | number | null | RedisError | Reply[];

/** An error reply (`-ERR ...`). */
export class RedisError extends Error {
  override name = "RedisError";
}

/** A `message` push: a publish on a channel this connection subscribed to. */
export interface Push {
  channel: string;
  message: Buffer;
}

/** What a parse step found: a push, another reply, or nothing yet (the rest has not come). */
type Step = { push: Push; end: number } | { reply: Reply; end: number } | null;

/** `*3\r\n$7\r\nmessage\r\n`: how every push of a published message begins. */
const MESSAGE_HEAD = Buffer.from("*3\r\n$7\r\nmessage\r\n");

/** The command as RESP: an array of bulk strings. */
export function encodeCommand(args: readonly string[]): Buffer {
  let text = `*${args.length}\r\n`;
  for (const arg of args) text += `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`;
  return Buffer.from(text);
}

/**
 * Reads replies as they come in, in chunks cut anywhere. A message push is handed on as the
 * channel's name and a copy of its bytes (the chunk's buffer is reused for the next read);
 * everything else goes to `onReply`.
 */
export class ReplyReader {
  /** The start of a reply that has not fully come yet. */
  private rest: Buffer | null = null;

  constructor(
    private readonly onPush: (push: Push) => void,
    private readonly onReply: (reply: Reply) => void,
  ) {}

  /** Reads `chunk[0, length)`; the bytes may be overwritten once this returns. */
  read(chunk: Buffer, length = chunk.length) {
    let data = chunk;
    let end = length;
    if (this.rest) {
      data = Buffer.concat([this.rest, chunk.subarray(0, length)]);
      end = data.length;
      this.rest = null;
    }
    let at = 0;
    while (at < end) {
      const step = parseStep(data, at, end);
      if (step === null) break;
      at = step.end;
      if ("push" in step) this.onPush(step.push);
      else this.onReply(step.reply);
    }
    // What is left is kept as a copy: `chunk` is the connection's read buffer.
    if (at < end) this.rest = Buffer.from(data.subarray(at, end));
  }

  /** Forgets a partial reply (the connection it came on has closed). */
  reset() {
    this.rest = null;
  }
}

function parseStep(data: Buffer, at: number, end: number): Step {
  if (startsWithMessageHead(data, at, end)) {
    const channel = parseBulkBounds(data, at + MESSAGE_HEAD.length, end);
    if (channel === null) return null;
    const message = parseBulkBounds(data, channel.end, end);
    if (message === null) return null;
    if (channel.start < 0 || message.start < 0) throw new RedisProtocolError("empty message push");
    const bytes = Buffer.allocUnsafe(message.length);
    data.copy(bytes, 0, message.start, message.start + message.length);
    return {
      push: {
        channel: data.toString("utf8", channel.start, channel.start + channel.length),
        message: bytes,
      },
      end: message.end,
    };
  }
  const parsed = parseReply(data, at, end);
  return parsed && { reply: parsed.reply, end: parsed.end };
}

function startsWithMessageHead(data: Buffer, at: number, end: number) {
  if (end - at < MESSAGE_HEAD.length) return false;
  return data.compare(MESSAGE_HEAD, 0, MESSAGE_HEAD.length, at, at + MESSAGE_HEAD.length) === 0;
}

/** A protocol violation: the connection cannot be read any further. */
export class RedisProtocolError extends Error {
  override name = "RedisProtocolError";
}

/** The index of the `\r` that ends the line starting at `at`, or -1 if it has not come. */
function lineEnd(data: Buffer, at: number, end: number) {
  const cr = data.indexOf(CR, at);
  // The `\n` after it must have come as well.
  return cr === -1 || cr + 1 >= end ? -1 : cr;
}

/** The integer on the line from `at` to `cr`. */
function integerAt(data: Buffer, at: number, cr: number) {
  const negative = data[at] === MINUS;
  let value = 0;
  let i = negative ? at + 1 : at;
  if (i === cr || cr - i > 15) throw notAnInteger(data, at, cr);
  for (; i < cr; i++) {
    const digit = (data[i] ?? 0) - ZERO;
    if (digit < 0 || digit > 9) throw notAnInteger(data, at, cr);
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}

const notAnInteger = (data: Buffer, at: number, cr: number) =>
  new RedisProtocolError(`not an integer: ${data.toString("latin1", at, Math.min(cr, at + 20))}`);

/** `$<n>\r\n<n bytes>\r\n` at `at`: where its bytes are (start -1 for a null bulk). */
function parseBulkBounds(data: Buffer, at: number, end: number) {
  if (at >= end) return null;
  if (data[at] !== DOLLAR) throw new RedisProtocolError("expected a bulk string");
  const cr = lineEnd(data, at + 1, end);
  if (cr === -1) return null;
  const length = integerAt(data, at + 1, cr);
  if (length < 0) return { start: -1, length: 0, end: cr + 2 };
  const start = cr + 2;
  if (start + length + 2 > end) return null;
  return { start, length, end: start + length + 2 };
}

/** Any reply at `at`, with where it ends; null if it has not fully come. */
export function parseReply(
  data: Buffer,
  at: number,
  end: number,
): { reply: Reply; end: number } | null {
  if (at >= end) return null;
  const type = data[at];
  if (type === DOLLAR) {
    const bulk = parseBulkBounds(data, at, end);
    if (bulk === null) return null;
    const reply =
      bulk.start < 0 ? null : data.toString("utf8", bulk.start, bulk.start + bulk.length);
    return { reply, end: bulk.end };
  }
  const cr = lineEnd(data, at + 1, end);
  if (cr === -1) return null;
  switch (type) {
    case PLUS:
      return { reply: data.toString("utf8", at + 1, cr), end: cr + 2 };
    case MINUS:
      return { reply: new RedisError(data.toString("utf8", at + 1, cr)), end: cr + 2 };
    case COLON:
      return { reply: integerAt(data, at + 1, cr), end: cr + 2 };
    case STAR: {
      const count = integerAt(data, at + 1, cr);
      if (count < 0) return { reply: null, end: cr + 2 };
      const items: Reply[] = [];
      let next = cr + 2;
      for (let i = 0; i < count; i++) {
        const item = parseReply(data, next, end);
        if (item === null) return null;
        items.push(item.reply);
        next = item.end;
      }
      return { reply: items, end: next };
    }
    default:
      throw new RedisProtocolError(`unknown reply type ${String(type)}`);
  }
}
