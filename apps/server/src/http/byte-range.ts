import type { ByteRange } from "../storage/storage";

/** What a Range header asks of a file of `size` bytes (RFC 9110 §14). */
export type RangeAnswer =
  { kind: "whole" } | { kind: "part"; range: ByteRange } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * One byte range (`bytes=a-b`, `bytes=a-`, or the last n bytes `bytes=-n`), as browsers ask
 * for to seek in a video or a voice note. No header, another unit, or several ranges get the
 * whole file (a server may ignore a Range it does not serve); a malformed or unsatisfiable
 * byte range gets a 416.
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  const value = header?.trim().toLowerCase();
  if (!value?.startsWith("bytes=") || value.includes(",")) return { kind: "whole" };
  const [, first = "", last = ""] = SINGLE_RANGE.exec(value) ?? [];
  if (first === "" && last === "") return { kind: "unsatisfiable" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== "" && Number(last) < start)) return { kind: "unsatisfiable" };
  return { kind: "part", range: { start, end } };
}
