import { ORPCError } from "@orpc/client";
import { StandardRPCJsonSerializer, StandardRPCSerializer } from "@orpc/client/standard";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeRpcAnswer, rpcFileBody } from "./rpc-multipart";

const file = new File([new Uint8Array([137, 80, 78, 71])], "cover.png", { type: "image/png" });

describe("rpc multipart body", () => {
  it("is the body oRPC's own RPC link sends for {roomId, file}, field by field and in order", () => {
    const ours = rpcFileBody({ roomId: "room_1" }, "file", file);
    const theirs = new StandardRPCSerializer(new StandardRPCJsonSerializer()).serialize({
      roomId: "room_1",
      file,
    });
    expect(theirs).toBeInstanceOf(FormData);
    if (!(theirs instanceof FormData)) return;
    expect([...ours.keys()]).toEqual([...theirs.keys()]);
    expect([...ours.keys()]).toEqual(["data", "0"]);
    expect(ours.get("data")).toBe(theirs.get("data"));
    expect(ours.get("data")).toBe('{"json":{"roomId":"room_1","file":{}},"maps":[["file"]]}');
    const sent = ours.get("0");
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File && [sent.name, sent.size, sent.type]).toEqual([
      "cover.png",
      4,
      "image/png",
    ]);
  });
});

describe("rpc answer decoding", () => {
  const output = z.object({ url: z.string() });

  it("returns the output of a 2xx answer, checked against its schema", () => {
    expect(
      decodeRpcAnswer({ status: 200, text: '{"json":{"url":"/files/a.png"}}' }, output),
    ).toEqual({ url: "/files/a.png" });
    expect(() => decodeRpcAnswer({ status: 200, text: '{"json":{"nope":1}}' }, output)).toThrow(
      "Invalid RPC response format.",
    );
  });

  it("throws the server's error with its status and message, as the oRPC client does", () => {
    const text = JSON.stringify({
      json: { defined: false, code: "PAYLOAD_TOO_LARGE", status: 413, message: "Too big." },
    });
    const error = (() => {
      try {
        decodeRpcAnswer({ status: 413, text }, output);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ORPCError);
    expect(error).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE", message: "Too big." });
  });

  it("turns an answer that is not RPC (a proxy's HTML page) into an error of its status", () => {
    expect(() =>
      decodeRpcAnswer({ status: 502, text: "<html>Bad gateway</html>" }, output),
    ).toThrow(expect.objectContaining({ status: 502, code: "BAD_GATEWAY" }));
  });
});
