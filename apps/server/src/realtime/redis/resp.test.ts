import { describe, expect, it } from "vitest";
import {
  encodeCommand,
  RedisError,
  RedisProtocolError,
  ReplyReader,
  type Push,
  type Reply,
} from "./resp";

/** A reader with what it handed on, each as `push <channel> <message>` or the reply itself. */
function reader() {
  const got: (string | Reply)[] = [];
  const r = new ReplyReader(
    (push: Push) => got.push(`push ${push.channel} ${push.message.toString()}`),
    (reply) => got.push(reply),
  );
  return { r, got };
}

const push = (channel: string, message: string | Buffer) => {
  const bytes = Buffer.from(message);
  return Buffer.concat([
    Buffer.from(`*3\r\n$7\r\nmessage\r\n$${Buffer.byteLength(channel)}\r\n${channel}\r\n`),
    Buffer.from(`$${bytes.length}\r\n`),
    bytes,
    Buffer.from("\r\n"),
  ]);
};

const STREAM = Buffer.concat([
  Buffer.from("+OK\r\n"),
  Buffer.from("*3\r\n$9\r\nsubscribe\r\n$6\r\nroom:1\r\n:1\r\n"),
  push("room:1", '{"text":"hi\\r\\n there"}'),
  push("room:é", "two\r\nlines"),
  Buffer.from("*3\r\n$11\r\nunsubscribe\r\n$6\r\nroom:1\r\n:0\r\n"),
  Buffer.from("-NOPERM this user has no permissions to access the 'x' channel\r\n"),
  Buffer.from("*2\r\n$4\r\npong\r\n$0\r\n\r\n"),
  Buffer.from("*2\r\n*1\r\n:-12\r\n$-1\r\n"),
  Buffer.from("*-1\r\n"),
]);

const EXPECTED: (string | Reply)[] = [
  "OK",
  ["subscribe", "room:1", 1],
  'push room:1 {"text":"hi\\r\\n there"}',
  "push room:é two\r\nlines",
  ["unsubscribe", "room:1", 0],
  new RedisError("NOPERM this user has no permissions to access the 'x' channel"),
  ["pong", ""],
  [[-12], null],
  null,
];

describe("RESP reply reader", () => {
  it("reads pushes and replies in order from one chunk", () => {
    const { r, got } = reader();
    r.read(STREAM);
    expect(got).toEqual(EXPECTED);
  });

  it("reads the same from two chunks cut at every byte", () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      const { r, got } = reader();
      r.read(STREAM.subarray(0, cut));
      r.read(STREAM.subarray(cut));
      expect(got, `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it("reads the same one byte at a time, from a buffer reused for every read", () => {
    const { r, got } = reader();
    const buffer = Buffer.alloc(8);
    for (const byte of STREAM) {
      buffer[0] = byte;
      r.read(buffer, 1);
      buffer.fill(0x21);
    }
    expect(got).toEqual(EXPECTED);
  });

  it("hands on a copy of each message, kept when the read buffer is overwritten", () => {
    const messages: Buffer[] = [];
    const r = new ReplyReader(
      (p) => messages.push(p.message),
      () => undefined,
    );
    const bytes = Buffer.from(Uint8Array.from({ length: 300 }, (_, i) => i % 256));
    const buffer = Buffer.concat([push("room:2", bytes), push("room:2", "second")]);
    r.read(buffer);
    buffer.fill(0);
    expect(messages.map((m) => m.equals(bytes))).toEqual([true, false]);
    expect(messages[1]?.toString()).toBe("second");
  });

  it("reads a message larger than a read buffer, given in pieces", () => {
    const big = "x".repeat(200_000);
    const { r, got } = reader();
    const whole = push("room:3", big);
    for (let at = 0; at < whole.length; at += 65_536) r.read(whole.subarray(at, at + 65_536));
    expect(got).toEqual([`push room:3 ${big}`]);
  });

  it("refuses what is not RESP, and reads again after a reset", () => {
    const { r, got } = reader();
    expect(() => r.read(Buffer.from("HTTP/1.1 400 Bad Request\r\n"))).toThrow(RedisProtocolError);
    expect(() => r.read(Buffer.from(":12a\r\n"))).toThrow(RedisProtocolError);
    r.read(Buffer.from("*3\r\n$9\r\nsubscribe"));
    r.reset();
    r.read(Buffer.from("+OK\r\n"));
    expect(got).toEqual(["OK"]);
  });

  it("encodes a command as an array of bulk strings, lengths in bytes", () => {
    expect(encodeCommand(["SUBSCRIBE", "room:é"]).toString()).toBe(
      "*2\r\n$9\r\nSUBSCRIBE\r\n$7\r\nroom:é\r\n",
    );
  });
});
