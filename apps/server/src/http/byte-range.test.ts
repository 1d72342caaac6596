import { describe, expect, it } from "vitest";
import { rangeOf } from "./byte-range";

describe("rangeOf", () => {
  it.each([
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=900-5000", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["Bytes=1-1", { start: 1, end: 1 }],
  ])("serves %s of a 1000-byte file", (header, range) => {
    expect(rangeOf(header, 1000)).toEqual({ kind: "part", range });
  });

  it.each([undefined, "items=0-5", "bytes=0-1,5-6"])("answers the whole file for %s", (header) => {
    expect(rangeOf(header, 1000)).toEqual({ kind: "whole" });
  });

  it.each(["bytes=1000-", "bytes=5-1", "bytes=-0", "bytes=-", "bytes=abc", "bytes=0x1-2"])(
    "refuses %s of a 1000-byte file as unsatisfiable",
    (header) => {
      expect(rangeOf(header, 1000)).toEqual({ kind: "unsatisfiable" });
    },
  );

  it("has nothing to serve in part of an empty file", () => {
    expect(rangeOf("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(rangeOf("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
